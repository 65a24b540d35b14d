--TEST--
A child of fork() shares its parent's epoll instance until its own event loop first runs; what the child does before that must not touch the parent's registrations: a child (with a timer pending, so that its loop is told of the close) that closes a stream the parent has waited on (its edge registration kept) took the registration away, and the parent's next wait on the stream was never woken
--EXTENSIONS--
chan
pcntl
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
foreach (['w', 'x'] as $c) {                // a second wait registers edge interest, which stays
    Chan\go(function () use ($b, $c) {
        Chan\Coroutine::sleep(0.05);
        fwrite($b, $c);
    });
    $v = Chan\fread($a, 1, 5);
    echo "first: $v\n";
}

$pid = pcntl_fork();
if ($pid === 0) {
    $timer = Chan\after(10);                 // the child's loop has work (so fclose() tells it),
    fclose($a);                              // but has not run: the parent's epoll instance still

    exit(0);
}
pcntl_waitpid($pid, $status);

Chan\go(function () use ($b) {
    Chan\Coroutine::sleep(0.05);
    fwrite($b, 'y');
});
try {
    $v = Chan\fread($a, 1, 5);
    echo "second: $v\n";
} catch (Chan\TimeoutException $e) {
    echo "second: timed out\n";
}
?>
--EXPECT--
first: w
first: x
second: y
