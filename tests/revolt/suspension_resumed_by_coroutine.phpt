--TEST--
Revolt: a suspension (main's and a coroutine's) resumed or thrown into from another chan coroutine
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

// main waits in a Revolt suspension; a coroutine sleeping in chan resumes it (php-amphp-amp is not in Debian:
// Revolt's Suspension is what amphp's DeferredFuture::complete() uses).
$main = EventLoop::getSuspension();
Chan\go(function () use ($main) {
    Chan\Coroutine::sleep(0.01);
    $main->resume('from coroutine ' . Chan\Coroutine::id());
});
echo $main->suspend(), "\n";

// A coroutine's suspension, thrown into by another coroutine through a channel handshake.
$ch = new Chan\Channel();
Chan\run(function () use ($ch) {
    Chan\go(function () use ($ch) {
        $s = EventLoop::getSuspension();
        $ch->push($s);
        try {
            $s->suspend();
        } catch (RuntimeException $e) {
            echo "caught: ", $e->getMessage(), "\n";
        }
    });
    Chan\go(function () use ($ch) {
        $s = $ch->pop();
        Chan\Coroutine::sleep(0.001); // the other one is parked in suspend() by now
        $s->throw(new RuntimeException('thrown in'));
    });
});

// Each context has its own suspension; the same one on a second call.
Chan\run(function () {
    $a = EventLoop::getSuspension();
    var_dump($a === EventLoop::getSuspension());
    Chan\go(function () use ($a) {
        var_dump($a !== EventLoop::getSuspension());
    });
});

// Nobody left to resume main: Revolt's error, not a hang.
try {
    EventLoop::getSuspension()->suspend();
} catch (Error $e) {
    echo substr($e->getMessage(), 0, 68), "\n";
}
?>
--EXPECTF--
from coroutine %d
caught: thrown in
bool(true)
bool(true)
Event loop terminated without resuming the current suspension (the c
