--TEST--
Over TCP on 127.0.0.1: waitReadable() on a listening socket wakes when a client connects, so stream_socket_accept() does not block; waitWritable() completes an async connect; both ends then exchange data with waitReadable()
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
stream_set_blocking($server, false);
$addr = stream_socket_get_name($server, false);

// Both ends become ready at the same time: each keeps its own log.
$slog = $clog = [];
go(function () use ($server, &$slog) {
    try {
        Coroutine::waitReadable($server, 0);
        $slog[] = "connection pending before anyone connected?";
    } catch (Chan\TimeoutException) {
        $slog[] = "no connection pending yet";
    }
    Coroutine::waitReadable($server);
    $conn = stream_socket_accept($server, 0);
    $slog[] = "accepted: " . ($conn ? "yes" : "no");
    stream_set_blocking($conn, false);
    Coroutine::waitReadable($conn);
    $slog[] = "got: " . fread($conn, 100);
    fwrite($conn, "pong");
    Coroutine::waitReadable($conn);
    $slog[] = "sees EOF: " . var_export(fread($conn, 100) === '' && feof($conn), true);
    fclose($conn);
});
go(function () use ($addr, &$clog) {
    $c = stream_socket_client("tcp://$addr", $errno, $errstr, 5, STREAM_CLIENT_CONNECT | STREAM_CLIENT_ASYNC_CONNECT);
    if (!$c) {
        die("client: $errstr\n");
    }
    Coroutine::waitWritable($c);
    $clog[] = "connected";
    stream_set_blocking($c, false);
    fwrite($c, "ping");
    Coroutine::waitReadable($c);
    $clog[] = "got: " . fread($c, 100);
    fclose($c);
});
Chan\run(fn () => null);
fclose($server);
echo "server: ", implode("\nserver: ", $slog), "\n";
echo "client: ", implode("\nclient: ", $clog), "\n";
?>
--EXPECT--
server: no connection pending yet
server: accepted: yes
server: got: ping
server: sees EOF: true
client: connected
client: got: pong
