--TEST--
Over TCP in one process: stream_socket_accept() (blocking, 30 s timeout) in a coroutine with nobody connecting parks only that coroutine, so main goes on and connects with stream_socket_client(), whose connect to an IP address parks main while the coroutine accepts; main sends a line and its fgets() parks while the coroutine reads main's line with fgets(), answers, and reads EOF ("") once main has closed; the order of the lines proves each wait parked a single context
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
$addr = stream_socket_get_name($server, false);
go(function () use ($server) {
    echo "server: accepting\n";
    $conn = stream_socket_accept($server, 30);
    echo "server: accepted a ", get_resource_type($conn), "\n";
    $line = fgets($conn);
    echo "server: got ", var_export($line, true), "\n";
    fwrite($conn, "pong\n");
    $r = fread($conn, 10);
    echo "server: then reads ", var_export($r, true), ", eof ", var_export(feof($conn), true), "\n";
    fclose($conn);
});
Coroutine::yield();   // the server coroutine runs and parks in accept
echo "main: connecting\n";
$c = stream_socket_client("tcp://$addr", $errno, $errstr, 30);
if (!$c) {
    die("client: $errstr\n");
}
echo "main: sends ping\n";
var_dump(fwrite($c, "ping\n"));
$line = fgets($c);
echo "main: got ", var_export($line, true), "\n";
fclose($c);
Chan\run(fn () => null);
fclose($server);
?>
--EXPECT--
server: accepting
main: connecting
server: accepted a stream
main: sends ping
int(5)
server: got 'ping
'
main: got 'pong
'
server: then reads '', eof true
