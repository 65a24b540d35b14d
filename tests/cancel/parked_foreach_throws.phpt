--TEST--
A coroutine in foreach over a channel, parked for the next value and cancelled, gets Chan\CancelledException out of the loop after the values it already had; the values pushed later stay for others
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(4);
$ch->push('a');
$ch->push('b');
$id = go(function () use ($ch) {
    try {
        foreach ($ch as $k => $v) {
            echo "loop got $k => $v\n";
        }
        echo "loop ended\n";
    } catch (Chan\CancelledException $e) {
        echo "loop: ", get_class($e), "\n";
    }
});
Coroutine::yield();
echo "poppers: ", $ch->stats()['poppers'], "\n";
Coroutine::cancel($id);
$ch->push('c');
Coroutine::yield();
echo "left for others: ", $ch->pop(), "\n";
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
loop got 0 => a
loop got 1 => b
poppers: 1
loop: Chan\CancelledException
left for others: c
live: 0
