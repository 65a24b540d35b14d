--TEST--
While a timer is pending nothing is deadlocked: main blocked on a channel waits for a sleeping coroutine; pop() with a timeout times out instead of deadlocking
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    Coroutine::sleep(0.05);
    $ch->push("late");
});
echo $ch->pop(), "\n";

try {
    $ch->pop(0.01);
} catch (Chan\TimeoutException $e) {
    echo get_class($e), "\n";
}
?>
--EXPECT--
late
Chan\TimeoutException
