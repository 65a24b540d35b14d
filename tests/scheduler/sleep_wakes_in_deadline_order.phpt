--TEST--
Sleeping coroutines wake in the order of their deadlines, not the order they went to sleep
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

foreach ([0.25, 0.05, 0.15, 0.2, 0.1] as $s) {
    go(function () use ($s) {
        Coroutine::sleep($s);
        echo "woke after $s\n";
    });
}
Chan\run(fn () => null);
?>
--EXPECT--
woke after 0.05
woke after 0.1
woke after 0.15
woke after 0.2
woke after 0.25
