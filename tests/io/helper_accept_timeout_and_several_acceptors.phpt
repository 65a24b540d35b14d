--TEST--
Chan\stream_socket_accept: with nothing pending its timeout throws Chan\TimeoutException; several coroutines accepting on one socket get one connection each
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\{go, run, stream_socket_accept, stream_socket_client};

$server = stream_socket_server('tcp://127.0.0.1:0');
$addr = stream_socket_get_name($server, false);
try {
    stream_socket_accept($server, 0.05);
} catch (Chan\TimeoutException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

$got = [];
for ($i = 0; $i < 3; $i++) {
    go(function () use ($server, $i, &$got) {
        $conn = stream_socket_accept($server, 30);
        $got[$i] = trim(Chan\fgets($conn, null, 30));
        fclose($conn);
    });
}
$clients = [];
run(function () use ($addr, &$clients) {
    for ($k = 0; $k < 3; $k++) {
        $clients[] = $c = stream_socket_client("tcp://$addr", $e, $m, 30);
        fwrite($c, "client $k\n");
    }
});
sort($got);
echo implode(', ', $got), "\n";
?>
--EXPECT--
Chan\TimeoutException: Chan\stream_socket_accept() timed out
client 0, client 1, client 2
