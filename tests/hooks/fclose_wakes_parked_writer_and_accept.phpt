--TEST--
fclose() by coroutine B of a stream on which coroutine A is parked writing (1 MB fwrite, nobody reading) wakes A: fwrite() returns what PHP returns on a reset connection (false or the part written before, with PHP's notice at most) and A goes on; fclose() of a listening server while coroutine A is parked in stream_socket_accept($server, 30) wakes A: accept returns false with PHP's own "Accept failed" warning; both fclose() calls return true and the script goes on; no crash, nothing freed too early (run under valgrind)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($b) {
    echo "A writes\n";
    $n = @fwrite($b, str_repeat('x', 1 << 20));
    echo "A's fwrite returned ", $n === false || (is_int($n) && $n < (1 << 20)) ? "as on a reset connection" : "UNEXPECTED " . var_export($n, true), "\n";
});
go(function () use ($b) {
    echo "B closes\n";
    $r = fclose($b);
    echo "B's fclose returned ", var_export($r, true), "\n";
});
Chan\run(fn () => null);

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
go(function () use ($server) {
    echo "A accepts\n";
    $c = stream_socket_accept($server, 30);
    echo "A's accept returned ", var_export($c, true), "\n";
});
go(function () use ($server) {
    echo "B closes the server\n";
    $r = fclose($server);
    echo "B's fclose returned ", var_export($r, true), "\n";
});
Chan\run(fn () => null);
echo "done\n";
?>
--EXPECTF--
A writes
B closes
A's fwrite returned as on a reset connection
B's fclose returned true
A accepts
B closes the server

Warning: stream_socket_accept(): Accept failed: %s in %s on line %d
A's accept returned false
B's fclose returned true
done
