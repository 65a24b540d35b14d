--TEST--
A tcp:// connect parked in a coroutine (listener's backlog full, connect timeout 5 s) is a checkpoint: Coroutine::cancel() from main after a yield ends stream_socket_client() with Chan\CancelledException, and withTimeout(0.2, ...) around fsockopen() ends it with Chan\TimeoutException, instead of PHP's "Connection timed out" after 5 s
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux') die("skip Linux: a full listen backlog drops further SYNs");
?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
$addr = stream_socket_get_name($server, false);
$port = (int) substr($addr, strrpos($addr, ':') + 1);
$held = stream_socket_client("tcp://$addr", $errno, $errstr, 5);   // fills the backlog

$id = go(function () use ($addr) {
    try {
        $c = @stream_socket_client("tcp://$addr", $errno, $errstr, 5);
        echo "cancelled connect returned ", var_export($c, true), " ($errstr)\n";
    } catch (Chan\CancelledException $e) {
        echo "cancelled connect: ", get_class($e), "\n";
    }
});
Coroutine::yield();   // parked in its connect
Coroutine::cancel($id);
Chan\run(function () use ($port) {
    try {
        $c = withTimeout(0.2, fn () => @fsockopen('127.0.0.1', $port, $errno, $errstr, 5));
        echo "connect past its deadline returned ", var_export($c, true), "\n";
    } catch (Chan\TimeoutException $e) {
        echo "connect past its deadline: ", get_class($e), "\n";
    }
});
?>
--EXPECT--
cancelled connect: Chan\CancelledException
connect past its deadline: Chan\TimeoutException
