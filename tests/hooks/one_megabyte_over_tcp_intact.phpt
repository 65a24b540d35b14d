--TEST--
Over TCP on 127.0.0.1 in one process (accept in a coroutine while main connects): coroutine W writes 1 MB with one blocking fwrite() on the client end and closes it, while coroutine R reads the accepted end with stream_get_contents(); fwrite() returns 1048576 and R gets the same 1 MB (same md5)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$data = random_bytes(1 << 20);
go(function () use ($server, $data) {
    $conn = stream_socket_accept($server, 30);
    $got = stream_get_contents($conn);
    echo "R got ", strlen($got), " bytes, ", md5($got) === md5($data) ? "same md5" : "DIFFERENT", "\n";
});
Coroutine::yield();   // R parks in accept
$c = stream_socket_client('tcp://' . stream_socket_get_name($server, false), $errno, $errstr, 30);
if (!$c) {
    die("client: $errstr\n");
}
go(function () use ($c, $data) {
    echo "W wrote ", var_export(fwrite($c, $data), true), "\n";
    fclose($c);
});
unset($c);
Chan\run(fn () => null);
?>
--EXPECT--
W wrote 1048576
R got 1048576 bytes, same md5
