--TEST--
A cancellation is delivered once: after catching Chan\CancelledException the coroutine blocks again normally (waits, receives, sleeps); a new cancel() after the delivery is a new cancellation, delivered again
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
$id = go(function () use ($ch) {
    for ($round = 1; $round <= 2; $round++) {
        try {
            $ch->pop();
            echo "round $round: pop returned\n";
        } catch (Chan\CancelledException $e) {
            echo "round $round: ", get_class($e), "\n";
        }
        // Blocking again after catching works as usual.
        Coroutine::sleep(0.001);
        $v = $ch->pop();
        echo "round $round: then popped $v\n";
    }
    try {
        $ch->pop();
    } catch (Chan\CancelledException $e) {
        echo "third: ", get_class($e), "\n";
    }
});
Coroutine::yield();
Coroutine::cancel($id);
Coroutine::sleep(0.01);
$ch->push('first');
Coroutine::yield();
Coroutine::cancel($id);
Coroutine::sleep(0.01);
$ch->push('second');
Coroutine::yield();
Coroutine::cancel($id);
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
round 1: Chan\CancelledException
round 1: then popped first
round 2: Chan\CancelledException
round 2: then popped second
third: Chan\CancelledException
live: 0
