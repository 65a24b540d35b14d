--TEST--
Revolt: channels and Revolt callbacks in one select-driven program
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
    $ticks = new Chan\Channel(16);
    $work = new Chan\Channel();
    $done = new Chan\Channel();
    $finished = new Chan\WaitGroup(2);

    // A Revolt repeat feeds one channel, a chan coroutine another; once both are through, a Revolt
    // callback closes the third.
    $n = 0;
    EventLoop::repeat(0.002, function (string $id) use (&$n, $ticks, $finished) {
        $ticks->push(++$n);
        if ($n === 3) {
            EventLoop::cancel($id);
            $finished->done();
        }
    });
    Chan\go(function () use ($work, $finished) {
        foreach (['a', 'b'] as $v) {
            Chan\Coroutine::sleep(0.001);
            $work->push($v);
        }
        $finished->done();
    });
    Chan\go(function () use ($finished, $done) {
        $finished->wait();
        EventLoop::delay(0.001, function () use ($done) {
            // A callback is a chan coroutine: chan's blocking calls work here.
            Chan\Coroutine::sleep(0.001);
            $done->close();
        });
    });

    $got = ['tick' => [], 'work' => []];
    while (true) {
        [$key, $value, $ok] = Chan\select(['tick' => $ticks, 'work' => $work, 'done' => $done]);
        if ($key === 'done') {
            break;
        }
        $got[$key][] = $value;
    }
    echo json_encode($got), "\n";
});
?>
--EXPECT--
{"tick":[1,2,3],"work":["a","b"]}
