--TEST--
A hang-up counts as writable: a coroutine waiting writable on a full socket wakes normally when the peer closes, and its next write fails
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);
while (fwrite($a, str_repeat('x', 4096)) > 0);

go(function () use ($a) {
    Coroutine::waitWritable($a);
    echo "writer woke\n";
    var_dump(@fwrite($a, "more"));
});
go(function () use ($b) {
    Coroutine::sleep(0.01);
    echo "peer closes\n";
    fclose($b);
});
Chan\run(fn () => null);
?>
--EXPECT--
peer closes
writer woke
bool(false)
