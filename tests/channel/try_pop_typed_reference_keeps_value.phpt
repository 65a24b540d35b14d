--TEST--
tryPop() into a typed reference that cannot hold the next value throws PHP's TypeError and leaves the value in the channel (buffered, and from a parked pusher)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

class Holder { public int $i = 5; }

foreach ([false, true] as $lock) {
    $ch = new Channel(2, $lock);
    $ch->push("str");
    $ch->push("second");
    $h = new Holder;
    try {
        $ch->tryPop($h->i);
        echo "no exception\n";
    } catch (TypeError $e) {
        echo get_class($e), "\n";
    }
    var_dump($h->i, count($ch), $ch->pop(), $ch->pop());
}

// Unbuffered: the parked pusher keeps its value and stays parked.
$ch = new Channel(0);
go(function () use ($ch) { $ch->push("text"); echo "pusher released\n"; });
Chan\Coroutine::yield();
$h = new Holder;
try {
    $ch->tryPop($h->i);
} catch (TypeError $e) {
    echo "TypeError\n";
}
var_dump($ch->stats()['pushers']);
var_dump($ch->tryPop($any), $any);

// A value that fits is stored (coerced as PHP assigns in this mode).
$ch = new Channel(1);
$ch->push("42");
var_dump($ch->tryPop($h->i), $h->i);
?>
--EXPECT--
TypeError
int(5)
int(2)
string(3) "str"
string(6) "second"
TypeError
int(5)
int(2)
string(3) "str"
string(6) "second"
TypeError
int(1)
bool(true)
string(4) "text"
bool(true)
int(42)
pusher released
