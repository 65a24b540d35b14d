--TEST--
Extreme capacities, counts and timeouts (PHP_INT_MAX, PHP_INT_MIN, INF, NAN, 1e300, PHP_FLOAT_MIN) give exceptions or work, never a crash
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\go;

function check(callable $f): void {
    try {
        $r = $f();
        echo "ok", $r === null ? "" : " " . var_export($r, true), "\n";
    } catch (Throwable $e) {
        echo get_class($e), "\n";
    }
}

echo "capacity:\n";
foreach ([PHP_INT_MAX, PHP_INT_MIN, INF, -INF, NAN, 1e300] as $cap) {
    check(fn() => new Channel($cap));
}

echo "timeouts on a ready channel:\n";
$ch = new Channel(1);
foreach ([PHP_INT_MAX, 1e300, PHP_FLOAT_MAX, INF, PHP_FLOAT_MIN] as $t) {
    check(function () use ($ch, $t) { $ch->push("x", $t); return $ch->pop($t); });
}

echo "huge timeouts, value arrives later:\n";
foreach ([PHP_INT_MAX, 1e300, INF] as $t) {
    go(function () use ($ch) { Coroutine::sleep(0.001); $ch->push("late"); });
    check(fn() => $ch->pop($t));
}

echo "tiny timeouts expire:\n";
foreach ([PHP_FLOAT_MIN, 1e-300, 1e-9] as $t) {
    check(fn() => $ch->pop($t));
}
check(fn() => (new WaitGroup(1))->wait(PHP_FLOAT_MIN));
check(fn() => Coroutine::sleep(PHP_FLOAT_MIN));

echo "counter limits:\n";
$wg = new WaitGroup(PHP_INT_MAX);
check(fn() => $wg->add(1));
check(fn() => $wg->add(PHP_INT_MAX));
var_dump($wg->count() === PHP_INT_MAX);
check(fn() => $wg->add(PHP_INT_MIN));
$wg->add(-PHP_INT_MAX);
var_dump($wg->count());
check(fn() => $wg->add(PHP_INT_MIN));
var_dump($wg->count());
?>
--EXPECT--
capacity:
ValueError
ValueError
TypeError
TypeError
TypeError
TypeError
timeouts on a ready channel:
ok 'x'
ok 'x'
ok 'x'
ok 'x'
ok 'x'
huge timeouts, value arrives later:
ok 'late'
ok 'late'
ok 'late'
tiny timeouts expire:
Chan\TimeoutException
Chan\TimeoutException
Chan\TimeoutException
Chan\TimeoutException
ok
counter limits:
Chan\Error
Chan\Error
bool(true)
Chan\Error
int(0)
Chan\Error
int(0)
