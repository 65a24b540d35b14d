--TEST--
A connect to a host name is a checkpoint in both of its waits: Coroutine::cancel() while its lookup runs on the helper thread ends stream_socket_client() with Chan\CancelledException, and withTimeout(0.2, ...) while it waits for a connection to localhost's full listen backlog ends fsockopen() with Chan\TimeoutException, instead of PHP's "Connection timed out" after 30 s; a later connect by name works
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

// localhost may name ::1 too: the server listens on both where it can
$servers = [stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]))];
$port = (int) substr(strrchr(stream_socket_get_name($servers[0], false), ':'), 1);
$v6 = @stream_socket_server("tcp://[::1]:$port", $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
if ($v6) {
    $servers[] = $v6;
}
$held = [stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5)];   // fills the backlog
if ($v6) {
    $held[] = stream_socket_client("tcp://[::1]:$port", $errno, $errstr, 5);
}

Chan\run(function () use ($port, $servers) {
    $done = new Chan\Channel(1);
    $id = go(function () use ($port, $done) {
        try {
            $c = @stream_socket_client("tcp://localhost:$port", $errno, $errstr, 5);
            echo "cancelled connect returned ", var_export($c, true), " ($errstr)\n";
        } catch (Chan\CancelledException $e) {
            echo "cancelled in its lookup: ", get_class($e), "\n";
        }
        $done->push(true);
    });
    go(fn () => Coroutine::cancel($id)); // runs while the lookup waits
    $done->pop();

    $t0 = microtime(true);
    try {
        Chan\withTimeout(0.2, fn () => @fsockopen('localhost', $port, $errno, $errstr, 30));
        echo "fsockopen returned\n";
    } catch (Chan\TimeoutException $e) {
        echo "past its deadline while connecting: ", get_class($e), "\n";
    }
    echo microtime(true) - $t0 < 20 ? "before PHP's 30 s connect timeout\n" : "waited for the connect timeout\n";

    $free = stream_socket_server('tcp://127.0.0.1:0');
    $freePort = (int) substr(strrchr(stream_socket_get_name($free, false), ':'), 1);
    $c = stream_socket_client("tcp://localhost:$freePort", $errno, $errstr, 5);
    echo "later connect: ", var_export(is_resource($c), true), "\n";
});
?>
--EXPECT--
cancelled in its lookup: Chan\CancelledException
past its deadline while connecting: Chan\TimeoutException
before PHP's 30 s connect timeout
later connect: true
