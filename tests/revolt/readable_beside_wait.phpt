--TEST--
Revolt: onReadable on one socket pair beside chan's waitReadable on another, and both on one socket
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

// Revolt watches one socket pair, a coroutine another; the writer waits for each message to be read
// (an acknowledgement on a channel) before it writes the next, so the order is fixed.
[$a1, $a2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$b1, $b2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$log = new Chan\Channel(10);
$ack = new Chan\Channel(1);

Chan\run(function () use ($a1, $a2, $b1, $b2, $log, $ack) {
    EventLoop::onReadable($a2, function (string $id, $stream) use ($log, $ack) {
        $data = fread($stream, 100);
        $log->push("revolt read $data");
        if ($data === 'a2') {
            EventLoop::cancel($id);
        }
        $ack->push(true);
    });
    Chan\go(function () use ($b2, $log, $ack) {
        for ($i = 1; $i <= 2; $i++) {
            Chan\Coroutine::waitReadable($b2);
            $log->push('chan read ' . fread($b2, 100));
            $ack->push(true);
        }
    });
    Chan\go(function () use ($a1, $b1, $ack) {
        foreach (['b1', 'a1', 'b2', 'a2'] as $msg) {
            fwrite($msg[0] === 'a' ? $a1 : $b1, $msg);
            $ack->pop();
        }
    });
});
$log->close();
foreach ($log as $line) {
    echo $line, "\n";
}

// Both on one socket: a Revolt callback and a coroutine each see it readable.
[$c1, $c2] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$seen = [];
Chan\run(function () use ($c1, $c2, &$seen) {
    EventLoop::onReadable($c2, function (string $id) use (&$seen) {
        $seen[] = 'revolt';
        EventLoop::cancel($id);
    });
    Chan\go(function () use ($c2, &$seen) {
        Chan\Coroutine::waitReadable($c2);
        $seen[] = 'chan';
    });
    Chan\go(fn () => fwrite($c1, 'x'));
});
sort($seen);
echo implode(' ', $seen), "\n";
?>
--EXPECT--
chan read b1
revolt read a1
chan read b2
revolt read a2
chan revolt
