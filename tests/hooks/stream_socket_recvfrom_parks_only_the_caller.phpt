--TEST--
stream_socket_recvfrom() on a blocking udp:// server is a read of a blocking socket stream and parks only the caller: coroutine A waits for a datagram that a child process sends only when coroutine B tells it to, so B runs while A waits ("A receives / B tells the child / A got 'dgram' from 127.0.0.1"); (if A blocked the process, the child would send after its 5 s fallback and the order would be "A receives / A got ... / B tells the child")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$u = stream_socket_server('udp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND);
if (!$u) {
    die("server: $errstr\n");
}
$addr = stream_socket_get_name($u, false);
$sender = '$r = [STDIN]; $w = $e = null; stream_select($r, $w, $e, 5);'
        . '$c = stream_socket_client("udp://" . $argv[1]); fwrite($c, "dgram");';
$child = proc_open([PHP_BINARY, '-n', '-r', $sender, $addr], [0 => ['pipe', 'r']], $pipes);
go(function () use ($u) {
    echo "A receives\n";
    $r = stream_socket_recvfrom($u, 100, 0, $peer);
    echo "A got ", var_export($r, true), " from ", substr($peer, 0, strrpos($peer, ':')), "\n";
});
go(function () use ($pipes) {
    echo "B tells the child\n";
    @fwrite($pipes[0], "go\n");
});
Chan\run(fn () => null);
proc_close($child);
?>
--EXPECT--
A receives
B tells the child
A got 'dgram' from 127.0.0.1
