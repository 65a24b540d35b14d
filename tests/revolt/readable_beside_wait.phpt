--TEST--
Revolt: onReadable on one socket pair beside chan's waitReadable on another, and both on one socket
--SKIPIF--
<?php define('REVOLT_SKIPIF', 1); require __DIR__ . '/lib.php'; revolt_skipif(); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';

use Revolt\EventLoop;

[$a1, $a2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$b1, $b2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a2, false);
$log = new Chan\Channel(10);

Chan\run(function () use ($a1, $a2, $b1, $b2, $log) {
    EventLoop::onReadable($a2, function (string $id, $stream) use ($log) {
        $data = fread($stream, 100);
        $log->push("revolt read $data");
        if ($data === 'a2') {
            EventLoop::cancel($id);
        }
    });
    Chan\go(function () use ($b2, $log) {
        for ($i = 1; $i <= 2; $i++) {
            Chan\Coroutine::waitReadable($b2);
            $log->push('chan read ' . fread($b2, 100));
        }
    });
    Chan\go(function () use ($a1, $b1) {
        foreach (['b1', 'a1', 'b2', 'a2'] as $msg) {
            fwrite($msg[0] === 'a' ? $a1 : $b1, $msg);
            Chan\Coroutine::sleep(0.01);
        }
    });
});
$log->close();
foreach ($log as $line) {
    echo $line, "\n";
}

// Both on one socket: a Revolt callback and a coroutine each see it readable.
[$c1, $c2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
Chan\run(function () use ($c1, $c2) {
    EventLoop::onReadable($c2, function (string $id) {
        echo "revolt: readable\n";
        EventLoop::cancel($id);
    });
    Chan\go(function () use ($c2) {
        Chan\Coroutine::waitReadable($c2);
        echo "chan: readable\n";
    });
    Chan\go(fn () => fwrite($c1, 'x'));
});
?>
--EXPECTF--
chan read b1
revolt read a1
chan read b2
revolt read a2
%s: readable
%s: readable
