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

Warning: %s3 coroutines%sblocked forever%s
value released
