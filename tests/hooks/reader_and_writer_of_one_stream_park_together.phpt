--TEST--
The rule is per direction: coroutine R parked in fread($a) and coroutine W parked in a 1 MB fwrite($a) on the same stream both wait without Chan\Error; the other end's owner then writes "ping" (R's fread() returns it) and drains 1 MB (W's fwrite() returns 1048576, same md5 on the other side)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$data = random_bytes(1 << 20);
go(function () use ($a) {
    echo "R reads\n";
    $r = fread($a, 100);
    echo "R got ", var_export($r, true), "\n";
});
go(function () use ($a, $data) {
    echo "W writes\n";
    $n = fwrite($a, $data);
    echo "W wrote ", var_export($n, true), "\n";
});
go(function () use ($b, $data) {
    echo "peer writes ping\n";
    fwrite($b, "ping");
    $got = '';
    while (strlen($got) < strlen($data) && ($chunk = fread($b, 65536)) !== false && $chunk !== '') {
        $got .= $chunk;
    }
    echo "peer got ", strlen($got), " bytes, ", md5($got) === md5($data) ? "same md5" : "DIFFERENT", "\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
R reads
W writes
peer writes ping
R got 'ping'
W wrote 1048576
peer got 1048576 bytes, same md5
