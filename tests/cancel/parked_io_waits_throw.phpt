--TEST--
A coroutine parked in waitReadable(), waitWritable() (on a socket pair whose buffer is full), Chan\fread(), Chan\fgets() or Chan\fwrite() and cancelled gets Chan\CancelledException from that call; the stream stays usable: data written afterwards is read by the next reader
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);
stream_set_blocking($c, false);
// Fill $c's send buffer: it is not writable until $d is read.
$filled = 0;
foreach ([65536, 1] as $size) {
    while (($n = fwrite($c, str_repeat('x', $size))) > 0) {
        $filled += $n;
    }
}

$calls = [
    'waitReadable' => fn () => Coroutine::waitReadable($a),
    'waitWritable' => fn () => Coroutine::waitWritable($c),
    'Chan\fread' => fn () => Chan\fread($a, 10),
    'Chan\fgets' => fn () => Chan\fgets($a),
    'Chan\fwrite' => fn () => Chan\fwrite($c, 'more'),
];
$ids = [];
foreach ($calls as $name => $call) {
    $ids[$name] = go(function () use ($name, $call) {
        try {
            $call();
            echo "$name returned\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), "\n";
        }
    });
}
Coroutine::sleep(0.05);   // every one of them is parked on its stream by now
foreach ($ids as $id) {
    Coroutine::cancel($id);
}
Coroutine::sleep(0.05);
echo "live: ", Coroutine::count(), "\n";

// The streams still work for the next waiters.
$got = [];
go(function () use ($a, &$got) {
    $got['reader got'] = Chan\fread($a, 10, 30);
});
go(function () use ($c, &$got) {
    $got['writer wrote'] = Chan\fwrite($c, 'tail', 30);
});
Coroutine::yield();
fwrite($b, 'hello');
$drained = 0;
while ($drained < $filled + 4) {
    $drained += strlen(Chan\fread($d, 1 << 20, 30));
}
echo "drained: ", $drained === $filled + 4 ? "everything, nothing from the cancelled fwrite" : $drained - $filled, "\n";
Chan\run(fn () => null);
ksort($got);
echo json_encode($got), "\n";
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
waitReadable: Chan\CancelledException
waitWritable: Chan\CancelledException
Chan\fread: Chan\CancelledException
Chan\fgets: Chan\CancelledException
Chan\fwrite: Chan\CancelledException
live: 0
drained: everything, nothing from the cancelled fwrite
{"reader got":"hello","writer wrote":4}
live: 0
