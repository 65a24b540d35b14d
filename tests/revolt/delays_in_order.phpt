--TEST--
Revolt: 1,000 coroutines each awaiting a Revolt delay finish together, in delay order
--SKIPIF--
<?php define('REVOLT_SKIPIF', 1); require __DIR__ . '/lib.php'; revolt_skipif(); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';

use Revolt\EventLoop;

// Coroutine $i waits until 1.0 - $i * 0.0002 s after the start (a delay computed when it registers, so
// the time the registrations take does not matter): the last one started finishes first.
$n = 1000;
$order = [];
$t0 = hrtime(true);
Chan\run(function () use ($n, &$order, $t0) {
    for ($i = 0; $i < $n; $i++) {
        Chan\go(function () use ($i, &$order, $t0) {
            $suspension = EventLoop::getSuspension();
            $delay = 1.0 - $i * 0.0002 - (hrtime(true) - $t0) / 1e9;
            EventLoop::delay(max(0, $delay), fn () => $suspension->resume($i));
            $order[] = $suspension->suspend();
        });
    }
});
$elapsed = (hrtime(true) - $t0) / 1e9;
echo count($order), "\n";
var_dump($order === range($n - 1, 0, -1));
// The longest delay is 1 s; one after the other they would take 800 s.
var_dump($elapsed >= 0.99, $elapsed < 6);
?>
--EXPECT--
1000
bool(true)
bool(true)
bool(true)
