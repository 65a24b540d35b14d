--TEST--
Channels and a WaitGroup dropped while parked pushers (holding values), poppers and waiters wait on them: one warning naming all three at script end, values released
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\go;

class Value {
    public function __destruct() { echo "value released\n"; }
}

$unbuffered = new Channel();
$full = new Channel(1, true);
$full->push("buffered");
$wg = new WaitGroup(1);
go(function () use ($unbuffered) { $unbuffered->push(new Value()); echo "not reached\n"; });
go(function () use ($full) { $full->push([1, 2, 3]); echo "not reached\n"; });
go(function () use ($wg) { $wg->wait(); echo "not reached\n"; });
Coroutine::yield(); // all three are parked now
var_dump(Coroutine::count());
unset($unbuffered, $full, $wg);
echo "end\n";
?>
--EXPECTF--
int(3)
end

Warning: Chan: 3 coroutines blocked forever at script end, destroying them:
coroutine 1 [Chan\Channel::push] at %sdropped_channels_parked_mixed.php:13
coroutine 2 [Chan\Channel::push] at %sdropped_channels_parked_mixed.php:14
coroutine 3 [Chan\WaitGroup::wait] at %sdropped_channels_parked_mixed.php:15 in Unknown on line 0
value released
