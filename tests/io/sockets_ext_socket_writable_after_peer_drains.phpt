--TEST--
waitWritable() on an ext-sockets Socket whose send buffer is full (socket_write fails with EAGAIN) parks the writer until the peer drains it with socket_read
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$a, $b] = $pair;
socket_set_nonblock($a);
socket_set_nonblock($b);

$filled = 0;
$drained = 0;
$log = [];
go(function () use ($a, &$filled, &$drained, &$log) {
    $chunk = str_repeat('x', 4096);
    while (($n = @socket_write($a, $chunk)) > 0) {
        $filled += $n;
    }
    $log[] = "writer: full, EAGAIN: " . var_export(socket_last_error($a) === SOCKET_EAGAIN, true);
    try {
        Coroutine::waitWritable($a, 0);
        $log[] = "writer: still writable?";
    } catch (Chan\TimeoutException $e) {
        $log[] = "writer: " . $e->getMessage();
    }
    Coroutine::waitWritable($a);
    $log[] = "writer: writable again, reader had drained " . ($drained > 0 ? "some bytes" : "nothing");
    $log[] = "writer: socket_write now writes " . var_export(socket_write($a, "!"), true);
});
go(function () use ($b, &$filled, &$drained, &$log) {
    while ($drained < $filled + 1) {
        Coroutine::waitReadable($b);
        $s = @socket_read($b, 65536);
        if ($s === '' || $s === false) {
            $log[] = "reader: woken without data";
            break;
        }
        $drained += strlen($s);
    }
    $log[] = "reader: got every byte: " . var_export($drained === $filled + 1, true);
});
Chan\run(fn () => null);
sort($log);
echo implode("\n", $log), "\n";
?>
--EXPECT--
reader: got every byte: true
writer: Chan\Coroutine::waitWritable() timed out
writer: full, EAGAIN: true
writer: socket_write now writes 1
writer: writable again, reader had drained some bytes
