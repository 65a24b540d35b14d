--TEST--
Revolt: 1,000 coroutines each awaiting a Revolt delay finish together, in delay order
--SKIPIF--
<?php define('REVOLT_SKIPIF', 1); require __DIR__ . '/lib.php'; revolt_skipif(); ?>
--XLEAK--
Revolt's EventLoop::setDriver() (lib.php calls it) leaves a garbage driver of
Revolt's own (closures and Fibers in a cycle) that PHP does not free at
shutdown; with the Zend allocator off (valgrind) that shows as definitely
lost blocks. Revolt with its own StreamSelectDriver and no chan leaks so too.
--FILE--
<?php
require __DIR__ . '/lib.php';

use Revolt\EventLoop;

// $n coroutines each wait in a Revolt delay; coroutine $i's deadline is $base + ($n - 1 - $i) ms after the
// start, so the last one started finishes first. Each computes its delay when it registers, so the time
// the registrations take does not count, as long as $base covers them: a first round with every delay 0
// measures them (valgrind makes them a hundred times slower). A loaded machine may pause the process
// between that computation and Revolt's own reading of the clock, which makes that deadline later by the
// pause: each registration notes how long it took ($late[$i], the most its deadline can be late), and an
// order is wrong only where it cannot be explained by those, with 20 ms to spare besides.
function round_of(int $n, ?float $base): array
{
    $order = [];
    $late = [];
    $t0 = hrtime(true);
    Chan\run(function () use ($n, $base, &$order, &$late, $t0) {
        for ($i = 0; $i < $n; $i++) {
            Chan\go(function () use ($i, $n, $base, &$order, &$late, $t0) {
                $suspension = EventLoop::getSuspension();
                $now = hrtime(true);
                $delay = $base === null ? 0 : $base + ($n - 1 - $i) * 0.001 - ($now - $t0) / 1e9;
                EventLoop::delay(max(0, $delay), fn () => $suspension->resume($i));
                $late[$i] = (hrtime(true) - $now) / 1e9;
                $order[] = $suspension->suspend();
            });
        }
    });
    return [$order, $late, (hrtime(true) - $t0) / 1e9];
}

$n = 1000;
[, , $calibration] = round_of($n, null);
$base = 0.5 + 3 * $calibration;
[$order, $late, $elapsed] = round_of($n, $base);
// Coroutine $i's deadline lies between these two (seconds after the start).
$earliest = fn (int $i): float => $base + ($n - 1 - $i) * 0.001;
$latest = fn (int $i): float => $earliest($i) + $late[$i];

echo count($order), "\n";
var_dump(count(array_unique($order)) === $n);
// Every one finished after all those whose deadline surely came earlier: never before one whose deadline
// was surely (by more than 20 ms) later than its own.
$worst = 0.0;
$before = -1.0;   // the latest earliest deadline of those finished so far
foreach ($order as $i) {
    $worst = max($worst, $before - $latest($i));
    $before = max($before, $earliest($i));
}
var_dump($worst <= 0.02);
// The first to finish is among the earliest deadlines, the last among the latest.
var_dump($earliest($order[0]) <= $latest($n - 1) + 0.02, $latest($order[$n - 1]) >= $earliest(0) - 0.02);
// All together take about the longest delay ($base + 1 s); one after the other, 1000 s and more.
var_dump($elapsed >= $base + 0.99, $elapsed < $base + 1 + 5 + 3 * $calibration);
?>
--EXPECT--
1000
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
