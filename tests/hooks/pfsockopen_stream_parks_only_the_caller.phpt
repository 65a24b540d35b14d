--TEST--
A persistent stream from pfsockopen() is hooked like the others: get_resource_type() "persistent stream", stream_type PHP's ("tcp_socket" or "tcp_socket/ssl"); its connect to an IP address parks main while a coroutine accepts, and main's fgets() on it parks while the coroutine reads main's line and answers ("server accepted / main reads / main got 're: hello'"); after the server closes, fgets() returns false with feof() true
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$addr = stream_socket_get_name($server, false);
$port = (int) substr($addr, strrpos($addr, ':') + 1);
go(function () use ($server) {
    $c = stream_socket_accept($server, 30);
    echo "server accepted\n";
    $line = fgets($c);
    fwrite($c, "re: $line");
    fclose($c);
});
$p = pfsockopen('127.0.0.1', $port, $errno, $errstr, 30);
if (!$p) {
    die("pfsockopen: $errstr\n");
}
echo get_resource_type($p), ", ", stream_get_meta_data($p)['stream_type'], "\n";
fwrite($p, "hello\n");
echo "main reads\n";
$r = fgets($p);
echo "main got ", var_export($r, true), "\n";
$r = fgets($p);
echo "then ", var_export($r, true), ", eof ", var_export(feof($p), true), "\n";
fclose($p);
?>
--EXPECTF--
server accepted
persistent stream, tcp_socket%S
main reads
main got 're: hello
'
then false, eof true
