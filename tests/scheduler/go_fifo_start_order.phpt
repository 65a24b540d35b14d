--TEST--
Several go() calls start their coroutines in the order they were made (FIFO)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

foreach (['a', 'b', 'c', 'd', 'e'] as $name) {
    go(function () use ($name) { echo $name, "\n"; });
}
echo "main yields\n";
Coroutine::yield();
echo "main back\n";
?>
--EXPECT--
main yields
a
b
c
d
e
main back
