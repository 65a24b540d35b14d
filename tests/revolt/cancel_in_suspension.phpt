--TEST--
Revolt: cancelling a chan coroutine that waits in a Revolt suspension (Coroutine::cancel(), withTimeout())
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

Chan\run(function () {
    $suspension = null;
    $id = Chan\go(function () use (&$suspension) {
        $suspension = EventLoop::getSuspension();
        $timer = EventLoop::delay(10, fn () => $suspension->resume('too late'));
        try {
            $suspension->suspend();
        } catch (Chan\CancelledException $e) {
            echo get_class($e), "\n";
            EventLoop::cancel($timer);
        }
        // The suspension is usable again after the cancellation.
        EventLoop::delay(0.001, fn () => $suspension->resume('again'));
        echo $suspension->suspend(), "\n";
    });
    Chan\Coroutine::sleep(0.01);
    var_dump(Chan\Coroutine::cancel($id));
    // Resuming a suspension whose coroutine left it: Revolt's misuse error, not a lost value.
    Chan\Coroutine::sleep(0.01);
});

Chan\run(function () {
    try {
        Chan\withTimeout(0.01, function () {
            $s = EventLoop::getSuspension();
            EventLoop::unreference(EventLoop::delay(10, fn () => null));
            $s->suspend();
        });
    } catch (Chan\TimeoutException $e) {
        echo $e->getMessage(), "\n";
    }
});
echo "done\n";
?>
--EXPECT--
bool(true)
Chan\CancelledException
again
The deadline of Chan\withTimeout() has passed
done
