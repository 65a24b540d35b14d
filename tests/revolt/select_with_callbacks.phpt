--TEST--
Revolt: channels and Revolt callbacks in one select-driven program
--SKIPIF--
<?php define('REVOLT_SKIPIF', 1); require __DIR__ . '/lib.php'; revolt_skipif(); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';

use Revolt\EventLoop;

Chan\run(function () {
    $ticks = new Chan\Channel(16);
    $work = new Chan\Channel();
    $done = new Chan\Channel();

    // A Revolt repeat feeds one channel, a chan coroutine another; a Revolt defer closes the program.
    $n = 0;
    EventLoop::repeat(0.005, function (string $id) use (&$n, $ticks) {
        $ticks->push(++$n);
        if ($n === 3) {
            EventLoop::cancel($id);
        }
    });
    Chan\go(function () use ($work) {
        foreach (['a', 'b'] as $v) {
            Chan\Coroutine::sleep(0.001);
            $work->push($v);
        }
    });
    EventLoop::delay(0.05, function () use ($done) {
        // A callback is a chan coroutine: chan's blocking calls work here.
        Chan\Coroutine::sleep(0.001);
        $done->close();
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
