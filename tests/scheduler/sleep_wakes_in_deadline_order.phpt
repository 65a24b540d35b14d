--TEST--
Sleeping coroutines wake in the order of their deadlines, not the order they went to sleep
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

// Each deadline is $s after a common moment (the first coroutine's going
// to sleep, plus 0.5 s for all of them to go to sleep), not after the
// coroutine's own start: a coroutine that starts late (the first run of code
// under valgrind can take 100 ms and more) sleeps that much less, and the
// order of the deadlines stays that of $s.
$first = null;
foreach ([0.25, 0.05, 0.15, 0.2, 0.1] as $s) {
    go(function () use ($s, &$first) {
        $first ??= hrtime(true);
        Coroutine::sleep(max(0, 0.5 + $s - (hrtime(true) - $first) / 1e9));
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
