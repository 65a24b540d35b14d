--TEST--
Half-close: after the client shuts down its writing side, Chan\fread on the server returns the data then "" (end of file), and the server can still answer on the same connection
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\{go, run, stream_socket_accept, stream_socket_client, fread, fwrite};

$server = stream_socket_server('tcp://127.0.0.1:0');
$addr = stream_socket_get_name($server, false);
go(function () use ($server) {
    $conn = stream_socket_accept($server, 30);
    $got = '';
    while (($chunk = fread($conn, 8192, 30)) !== '') {
        $got .= $chunk;
    }
    echo "server read ", strlen($got), " bytes, then end of file\n";
    fwrite($conn, "you sent " . strlen($got) . " bytes\n", 30);
    fclose($conn);
});
run(function () use ($addr) {
    $c = stream_socket_client("tcp://$addr", $e, $m, 30);
    fwrite($c, str_repeat("x", 100000), 30);
    stream_socket_shutdown($c, STREAM_SHUT_WR);
    $reply = '';
    while (($chunk = fread($c, 8192, 30)) !== '') {
        $reply .= $chunk;
    }
    echo "client got: $reply";
});
?>
--EXPECT--
server read 100000 bytes, then end of file
client got: you sent 100000 bytes
