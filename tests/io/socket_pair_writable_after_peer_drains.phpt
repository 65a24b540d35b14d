--TEST--
waitWritable() on a stream_socket_pair() end whose send buffer is full parks the writer until the peer drains it; while full, waitWritable($s, 0) throws TimeoutException
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);
stream_set_blocking($b, false);

$filled = 0;
$drained = 0;
$log = [];
go(function () use ($a, &$filled, &$drained, &$log) {
    Coroutine::waitWritable($a, 0);     // an empty buffer is writable
    $chunk = str_repeat('x', 4096);
    while (($n = fwrite($a, $chunk)) > 0) {
        $filled += $n;
    }
    $log[] = "writer: buffer full after " . ($filled > 0 ? "some bytes" : "nothing");
    try {
        Coroutine::waitWritable($a, 0);
        $log[] = "writer: still writable?";
    } catch (Chan\TimeoutException $e) {
        $log[] = "writer: " . $e->getMessage();
    }
    Coroutine::waitWritable($a);
    $log[] = "writer: writable again, reader had drained " . ($drained > 0 ? "some bytes" : "nothing");
    $log[] = "writer: fwrite now writes " . (fwrite($a, "!") === 1 ? "1 byte" : "nothing");
});
go(function () use ($b, &$filled, &$drained, &$log) {
    $log[] = "reader: starts";
    while ($drained < $filled + 1) {
        Coroutine::waitReadable($b);
        $s = fread($b, 65536);
        if ($s === '' || $s === false) {
            $log[] = "reader: woken without data";
            break;
        }
        $drained += strlen($s);
    }
    $log[] = "reader: got every byte: " . var_export($drained === $filled + 1, true);
});
Chan\run(fn () => null);
sort($log);     // the two coroutines' lines may interleave; each line is checked
echo implode("\n", $log), "\n";
?>
--EXPECT--
reader: got every byte: true
reader: starts
writer: Chan\Coroutine::waitWritable() timed out
writer: buffer full after some bytes
writer: fwrite now writes 1 byte
writer: writable again, reader had drained some bytes
