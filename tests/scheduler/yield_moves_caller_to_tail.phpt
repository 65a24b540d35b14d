--TEST--
Coroutine::yield() moves the caller to the tail of the run queue, so yielding coroutines take turns
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

foreach (['A', 'B', 'C'] as $name) {
    go(function () use ($name) {
        for ($i = 1; $i <= 3; $i++) {
            echo "$name$i\n";
            Coroutine::yield();
        }
    });
}
go(function () { echo "D once\n"; });
Chan\run(fn () => null);
?>
--EXPECT--
A1
B1
C1
D once
A2
B2
C2
A3
B3
C3
