--TEST--
Blocking reads park only the caller on the other socket kinds too: coroutine A's fread() on a udp:// server bound to 127.0.0.1 returns the datagram coroutine B then sends from a udp:// client ("A reads / B sends / A got 'dgram'"); on a unix:// socket, A's stream_socket_accept() and then fgets() on the accepted end park while B connects and writes ("A accepts / B connects / B writes / A got 'over unix'"); on a udg:// server, A's fread() returns B's datagram
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

echo "udp\n";
$u = stream_socket_server('udp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND);
$uaddr = stream_socket_get_name($u, false);
go(function () use ($u) {
    echo "A reads\n";
    $r = fread($u, 100);
    echo "A got ", var_export($r, true), "\n";
});
go(function () use ($uaddr) {
    echo "B sends\n";
    $c = stream_socket_client("udp://$uaddr");
    fwrite($c, "dgram");
});
Chan\run(fn () => null);

echo "unix\n";
$path = sys_get_temp_dir() . '/chan_hooks_unix_' . getmypid() . '.sock';
$s = stream_socket_server("unix://$path", $errno, $errstr);
go(function () use ($s) {
    echo "A accepts\n";
    $conn = stream_socket_accept($s, 30);
    $line = fgets($conn);
    echo "A got ", var_export($line, true), "\n";
});
go(function () use ($path) {
    echo "B connects\n";
    $c = stream_socket_client("unix://$path", $errno, $errstr, 30);
    echo "B writes\n";
    fwrite($c, "over unix\n");
});
Chan\run(fn () => null);
fclose($s);
@unlink($path);

echo "udg\n";
$gpath = sys_get_temp_dir() . '/chan_hooks_udg_' . getmypid() . '.sock';
$g = stream_socket_server("udg://$gpath", $errno, $errstr, STREAM_SERVER_BIND);
go(function () use ($g) {
    echo "A reads\n";
    $r = fread($g, 100);
    echo "A got ", var_export($r, true), "\n";
});
go(function () use ($gpath) {
    echo "B sends\n";
    $c = stream_socket_client("udg://$gpath");
    fwrite($c, "unix dgram");
});
Chan\run(fn () => null);
@unlink($gpath);
?>
--EXPECT--
udp
A reads
B sends
A got 'dgram'
unix
A accepts
B connects
B writes
A got 'over unix
'
udg
A reads
B sends
A got 'unix dgram'
