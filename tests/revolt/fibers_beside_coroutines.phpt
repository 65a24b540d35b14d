--TEST--
Revolt: PHP Fibers started by code (as ReactPHP's async() does) and chan coroutines waiting in Revolt suspensions side by side; chan's blocking calls in a Fiber
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

// Code that starts a Fiber of its own from EventLoop::queue() (ReactPHP's async() starts one; amphp's
// async() does not, it queues the closure itself: async_closure_blocks_on_channel.phpt): such a Fiber gets
// its Fiber's suspension, a coroutine its own; each waits for a Revolt delay, all at once.
function fiber_task(Closure $f): void
{
    EventLoop::queue(static fn () => (new Fiber($f))->start());
}

$done = [];
$waiting = $most = 0;
$wait = function (string $who, float $delay) use (&$done, &$waiting, &$most) {
    $suspension = EventLoop::getSuspension();
    EventLoop::delay($delay, fn () => $suspension->resume($who));
    $most = max($most, ++$waiting);
    $done[] = $suspension->suspend();
    $waiting--;
};
Chan\run(function () use ($wait) {
    for ($i = 0; $i < 10; $i++) {
        fiber_task(fn () => $wait("fiber $i", 0.2));
        Chan\go(fn () => $wait("coroutine $i", 0.2));
    }
});
sort($done);
echo count($done), " ", $done[0], " ", $done[19], "\n";
var_dump($most === 20); // all waited at once, none blocked another

// A Fiber's suspension is not a coroutine's: two Fibers get two suspensions.
fiber_task(function () use (&$a) { $a = EventLoop::getSuspension(); });
fiber_task(function () use (&$b) { $b = EventLoop::getSuspension(); });
EventLoop::run();
var_dump($a !== $b);

// chan cannot switch away from a Fiber it does not own: a blocking chan call there is Chan\Error
// (revolt-driver/README.md); the Revolt suspension is the way to wait in a Fiber.
fiber_task(function () {
    try {
        Chan\Coroutine::sleep(0.001);
    } catch (Chan\Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
});
EventLoop::run();
?>
--EXPECT--
20 coroutine 0 fiber 9
bool(true)
bool(true)
Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
