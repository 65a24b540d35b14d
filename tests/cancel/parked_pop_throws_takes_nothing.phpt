--TEST--
A coroutine parked in pop() and cancelled gets Chan\CancelledException from pop(), leaves the channel's poppers and takes nothing: the next value pushed goes to the popper parked behind it, or stays buffered
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [2, false], [2, true]] as [$cap, $lock]) {
    echo "-- capacity $cap", $lock ? " (mutex)" : "", "\n";
    $ch = new Channel($cap, $lock);
    $first = go(function () use ($ch) {
        try {
            $v = $ch->pop();
            echo "first popped ", json_encode($v), "\n";
        } catch (Chan\CancelledException $e) {
            echo "first: ", get_class($e), "\n";
        }
    });
    $second = go(function () use ($ch) {
        $v = $ch->pop();
        echo "second popped ", json_encode($v), "\n";
    });
    Coroutine::yield();
    echo "parked poppers: ", $ch->stats()['poppers'], "\n";
    Coroutine::cancel($first);
    echo "poppers after cancel: ", $ch->stats()['poppers'], "\n";
    // The first popper, queued first, would have had this value.
    $ch->push('one');
    Coroutine::yield();
    if ($cap) {
        $ch->push('two');
        echo "buffered: ", count($ch), ", popped by main: ", $ch->pop(), "\n";
    }
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
-- capacity 0
parked poppers: 2
poppers after cancel: 1
first: Chan\CancelledException
second popped "one"
-- capacity 2
parked poppers: 2
poppers after cancel: 1
first: Chan\CancelledException
second popped "one"
buffered: 1, popped by main: two
-- capacity 2 (mutex)
parked poppers: 2
poppers after cancel: 1
first: Chan\CancelledException
second popped "one"
buffered: 1, popped by main: two
live: 0
