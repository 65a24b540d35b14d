--TEST--
Over TCP: a coroutine parked in fgets() on an accepted connection (the client sent half a line) and cancelled gets Chan\CancelledException; the connection is shut down, never reused half-read: the client's next fread() returns "" with feof() true
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
$c = stream_socket_client('tcp://' . stream_socket_get_name($server, false), $errno, $errstr, 30);
fwrite($c, "half a li");
$conn = stream_socket_accept($server, 30);
$id = go(function () use ($conn) {
    try {
        $line = fgets($conn);
        echo "server got ", var_export($line, true), "\n";
    } catch (Chan\CancelledException $e) {
        echo "server: ", get_class($e), "\n";
    }
    echo "server's stream at EOF: ", var_export(feof($conn), true), "\n";
});
Coroutine::yield();   // parked in fgets, "half a li" in its buffer
Coroutine::cancel($id);
Chan\run(fn () => null);
stream_set_timeout($c, 30);
$r = fread($c, 100);
echo "client reads ", var_export($r, true), ", eof ", var_export(feof($c), true), "\n";
?>
--EXPECT--
server: Chan\CancelledException
server's stream at EOF: true
client reads '', eof true
