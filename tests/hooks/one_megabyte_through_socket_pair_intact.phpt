--TEST--
On a blocking stream_socket_pair(): coroutine W's fwrite() of 1 MB (more than the socket buffer) parks W until coroutine R drains it, so R starts reading before W's fwrite() returns; fwrite() returns 1048576 and R, reading with fread() in 8192-byte calls until it has 1 MB, gets the same bytes (same md5) in the same order
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$data = random_bytes(1 << 20);
go(function () use ($b, $data) {
    echo "W before\n";
    $n = fwrite($b, $data);
    echo "W wrote ", var_export($n, true), "\n";
});
go(function () use ($a, $data) {
    echo "R starts reading\n";
    $got = '';
    while (strlen($got) < strlen($data)) {
        $chunk = fread($a, 8192);
        if ($chunk === false || $chunk === '') {
            echo "R: unexpected ", var_export($chunk, true), "\n";
            break;
        }
        $got .= $chunk;
    }
    echo "R got ", strlen($got), " bytes, ", md5($got) === md5($data) ? "same md5" : "DIFFERENT", "\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
W before
R starts reading
W wrote 1048576
R got 1048576 bytes, same md5
