--TEST--
Nested withTimeout() calls: the earliest deadline wins, whether the inner one is shorter (it fires inside, and the outer one still applies after the inner returns) or longer (the outer one fires inside the inner $fn, which cannot extend it)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\withTimeout;

function elapsed(int $t): string {
    $s = (hrtime(true) - $t) / 1e9;
    return $s < 0.07 ? "early" : ($s < 2.5 ? "after the deadline" : "far too late");
}

// Inner shorter: it fires first; the outer one goes on.
$t = hrtime(true);
try {
    withTimeout(0.2, function () use ($t) {
        try {
            withTimeout(0.01, fn () => Coroutine::sleep(3));
        } catch (Chan\TimeoutException $e) {
            echo "inner (0.01) fired, outer still running\n";
        }
        Coroutine::sleep(3);   // the outer deadline still applies here
        echo "must not return\n";
    });
} catch (Chan\TimeoutException $e) {
    $s = (hrtime(true) - $t) / 1e9;
    echo "outer (0.2) fired after at least 0.15 s: ", json_encode($s >= 0.15), "\n";
}

// Outer shorter: the inner longer one cannot extend it.
$t = hrtime(true);
try {
    withTimeout(0.08, function () {
        withTimeout(20, function () {
            Coroutine::sleep(3);
            echo "must not return\n";
        });
        echo "must not get here\n";
    });
} catch (Chan\TimeoutException $e) {
    echo "outer (0.08) fired inside the inner: ", elapsed($t), "\n";
}

// Inner INF inside a finite outer: still the outer.
$t = hrtime(true);
try {
    withTimeout(0.08, fn () => withTimeout(INF, fn () => Coroutine::sleep(3)));
} catch (Chan\TimeoutException $e) {
    echo "outer (0.08) fired inside an INF inner: ", elapsed($t), "\n";
}
?>
--EXPECT--
inner (0.01) fired, outer still running
outer (0.2) fired after at least 0.15 s: true
outer (0.08) fired inside the inner: after the deadline
outer (0.08) fired inside an INF inner: after the deadline
