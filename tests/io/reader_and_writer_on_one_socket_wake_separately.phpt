--TEST--
A reader and a writer waiting on the same socket wake separately: the writer wakes when there is room while the reader keeps waiting, the reader wakes when data comes while the writer keeps waiting, each once
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);
stream_set_blocking($b, false);

// The peer goes on when the coroutine it waits for has woken (a channel),
// not after a sleep that a slow machine could outlast.
$woke = new Chan\Channel(1);

// 1. $a has room but no data: the writer wakes, the reader waits on.
$log = [];
go(function () use ($a, &$log) {
    Coroutine::waitReadable($a);
    $log[] = "reader woke, read " . var_export(fread($a, 100), true);
});
go(function () use ($a, &$log, $woke) {
    Coroutine::waitWritable($a);
    $log[] = "writer woke";
    $woke->push(true);
});
go(function () use ($b, &$log, $woke) {
    $woke->pop();
    Coroutine::sleep(0.01);   // the reader still waits meanwhile
    $log[] = "peer writes";
    fwrite($b, "data");
});
Chan\run(fn () => null);
echo implode("\n", $log), "\n";

// 2. $a full, then data comes: the reader wakes, the writer waits on until the peer drains.
while (fwrite($a, str_repeat('x', 4096)) > 0);
$log = [];
go(function () use ($a, &$log) {
    Coroutine::waitWritable($a);
    $log[] = "writer woke";
});
go(function () use ($a, &$log, $woke) {
    Coroutine::waitReadable($a);
    $log[] = "reader woke, read " . var_export(fread($a, 100), true);
    $woke->push(true);
});
go(function () use ($b, &$log, $woke) {
    Coroutine::sleep(0.01);
    $log[] = "peer writes";
    fwrite($b, "more");
    $woke->pop();
    Coroutine::sleep(0.01);   // the writer still waits meanwhile
    $log[] = "peer drains";
    while (fread($b, 65536) !== '');
});
Chan\run(fn () => null);
echo implode("\n", $log), "\n";
?>
--EXPECT--
writer woke
peer writes
reader woke, read 'data'
peer writes
reader woke, read 'more'
peer drains
writer woke
