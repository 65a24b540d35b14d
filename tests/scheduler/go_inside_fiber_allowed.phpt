--TEST--
go() inside a user-made Fiber is allowed: the coroutine is queued and runs on the scheduler later
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$fiber = new Fiber(function () {
    $id = go(function () {
        echo "coroutine spawned in a Fiber runs, id ", Coroutine::id() > 0 ? "> 0" : "0", "\n";
        Coroutine::yield(); // and may block: it is a coroutine, not the Fiber
        echo "coroutine done\n";
    });
    echo "go() returned ", $id >= 1 ? "an id" : "nothing", "\n";
    Fiber::suspend();
    echo "fiber resumed\n";
});
$fiber->start();
echo "main\n";
Chan\run(fn () => null);
$fiber->resume();
?>
--EXPECT--
go() returned an id
main
coroutine spawned in a Fiber runs, id > 0
coroutine done
fiber resumed
