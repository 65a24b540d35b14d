--TEST--
A stream_socket_accept() parked in a coroutine and ended by Coroutine::cancel() or by a withTimeout() deadline throws its exception with no warning of its own (no "Accept failed: Unknown error": nothing failed, the wait was ended); the server is not shut down: a later accept still takes a connection
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$id = go(function () use ($server) {
    try {
        stream_socket_accept($server, 30);
    } catch (Chan\CancelledException $e) {
        echo "cancelled accept: ", get_class($e), "\n";
    }
});
Coroutine::yield();
Coroutine::cancel($id);
Chan\run(function () use ($server) {
    try {
        withTimeout(0.2, fn () => stream_socket_accept($server, 30));
    } catch (Chan\TimeoutException $e) {
        echo "accept past its deadline: ", get_class($e), "\n";
    }
});
$c = stream_socket_client('tcp://' . stream_socket_get_name($server, false), $errno, $errstr, 30);
$conn = stream_socket_accept($server, 30);
echo "later accept: ", get_resource_type($conn), "\n";
?>
--EXPECT--
cancelled accept: Chan\CancelledException
accept past its deadline: Chan\TimeoutException
later accept: stream
