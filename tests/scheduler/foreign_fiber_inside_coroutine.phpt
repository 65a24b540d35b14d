--TEST--
A user-made Fiber inside a coroutine may suspend and resume freely, but a blocking Chan call inside it throws Chan\Error
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    $fiber = new Fiber(function () use ($ch) {
        $x = Fiber::suspend("suspended");
        echo "fiber resumed with $x\n";
        try {
            $ch->pop();
        } catch (Chan\Error $e) {
            echo "pop in fiber: ", get_class($e), "\n";
        }
        try {
            Coroutine::yield();
        } catch (Chan\Error $e) {
            echo "yield in fiber: ", get_class($e), "\n";
        }
        return "fiber done";
    });
    echo $fiber->start(), "\n";
    Coroutine::yield(); // the coroutine switches while its Fiber is suspended
    $fiber->resume("value");
    echo $fiber->getReturn(), "\n";
    $ch->push("coroutine still works");
});
go(function () { echo "other coroutine\n"; });
$v = $ch->pop();
echo "$v\n";
?>
--EXPECT--
suspended
other coroutine
fiber resumed with value
pop in fiber: Chan\Error
yield in fiber: Chan\Error
fiber done
coroutine still works
