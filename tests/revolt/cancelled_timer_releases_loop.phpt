--TEST--
Revolt: a timer cancelled, disabled or unreferenced from a coroutine or main while the loop waits for it lets the loop end at once
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

use Chan\Coroutine;
use Revolt\EventLoop;

// The loop's coroutine parks in a wait timed for its next timer. A timer taken away from outside the loop
// (main, a coroutine) must wake it, or the loop (and the end of the script, which waits for it) sits out
// the whole delay of a timer that no longer exists: amphp's await() with a TimeoutCancellation(30)
// cancels a 30 s timer this way once the future is done.
$start = hrtime(true);
register_shutdown_function(function () use ($start) {
    // A bound no run reaches unless the loop waits for a 30 s timer.
    echo "the script ended within 15 s: ", var_export((hrtime(true) - $start) / 1e9 < 15, true), "\n";
});

// 1. cancel() from main.
$id = EventLoop::delay(30, function () { echo "not reached\n"; });
Coroutine::sleep(0.01);   // the loop parks in its 30 s wait
EventLoop::cancel($id);
Coroutine::sleep(0.01);
var_dump(EventLoop::getDriver()->isRunning());

// 2. unreference() and disable() from a coroutine.
$a = EventLoop::delay(30, function () { echo "not reached\n"; });
$b = EventLoop::repeat(30, function () { echo "not reached\n"; });
Chan\run(function () use ($a, $b) {
    Coroutine::sleep(0.01);
    EventLoop::unreference($a);
    Coroutine::sleep(0.01);
    var_dump(EventLoop::getDriver()->isRunning()); // $b still holds it
    EventLoop::disable($b);
    Coroutine::sleep(0.01);
    var_dump(EventLoop::getDriver()->isRunning());
});

// 3. The amphp pattern: a Revolt suspension awaited under a 30 s unreferenced timeout timer, resumed by a
// chan coroutine; the timer is cancelled once the value is in.
$suspension = EventLoop::getSuspension();
$timeout = EventLoop::unreference(EventLoop::delay(30, fn () => $suspension->throw(new Exception('timed out'))));
Chan\go(function () use ($suspension) {
    Coroutine::sleep(0.01);
    $suspension->resume('value');
});
var_dump($suspension->suspend());
EventLoop::cancel($timeout);

// 4. A deadline (Chan\withTimeout()) out of a wait on a 30 s Revolt timer; the timer is cancelled in finally.
Chan\run(function () {
    try {
        Chan\withTimeout(0.01, function () {
            $suspension = EventLoop::getSuspension();
            $timer = EventLoop::delay(30, fn () => $suspension->resume());
            try {
                $suspension->suspend();
            } finally {
                EventLoop::cancel($timer);
            }
        });
    } catch (Chan\TimeoutException $e) {
        echo $e->getMessage(), "\n";
    }
});
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
string(5) "value"
The deadline of Chan\withTimeout() has passed
the script ended within 15 s: true
