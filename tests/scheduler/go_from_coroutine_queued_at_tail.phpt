--TEST--
go() inside a coroutine queues the child behind the coroutines already queued; the parent keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    echo "A start\n";
    go(function () { echo "child of A\n"; });
    echo "A after go\n";
    Coroutine::yield();
    echo "A resumed\n";
});
go(function () { echo "B\n"; });
Chan\run(fn () => null);
?>
--EXPECT--
A start
A after go
B
child of A
A resumed
