--TEST--
PHP's other socket functions still treat hooked streams as PHP's own socket streams, in a coroutine: socket_import_stream() gives a Socket (ext/sockets), stream_select() reports a readable end, stream_socket_get_name() names both ends, stream_socket_shutdown(STREAM_SHUT_WR) makes the peer's parked fread() return "" at EOF, stream_socket_sendto()/stream_socket_recvfrom() move a datagram over udp, and stream_set_blocking()/stream_set_timeout() return true
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use function Chan\go;

Chan\run(function () {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    var_dump(socket_import_stream($a) instanceof Socket);
    fwrite($b, "x");
    $r = [$a];
    $w = $e = null;
    echo "stream_select: ", stream_select($r, $w, $e, 5), " ready\n";
    var_dump(fread($a, 1));
    var_dump(stream_set_blocking($a, true), stream_set_timeout($a, 30));

    $s = stream_socket_server('tcp://127.0.0.1:0');
    $c = stream_socket_client('tcp://' . stream_socket_get_name($s, false));
    $conn = stream_socket_accept($s);
    var_dump(stream_socket_get_name($conn, false) === stream_socket_get_name($s, false),
             stream_socket_get_name($conn, true) === stream_socket_get_name($c, false));
    $done = new Chan\Channel();
    go(function () use ($conn, $done) {
        $r = fread($conn, 10);
        echo "peer's parked fread: ", var_export($r, true), ", eof ", var_export(feof($conn), true), "\n";
        $done->close();
    });
    Chan\Coroutine::yield();
    echo "shutdown: ", var_export(stream_socket_shutdown($c, STREAM_SHUT_WR), true), "\n";
    foreach ($done as $_) {
    }

    $u = stream_socket_server('udp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND);
    $uc = stream_socket_client('udp://' . stream_socket_get_name($u, false));
    echo "sendto: ", stream_socket_sendto($uc, "dgram"), "\n";
    echo "recvfrom: ", stream_socket_recvfrom($u, 100), "\n";
});
?>
--EXPECT--
bool(true)
stream_select: 1 ready
string(1) "x"
bool(true)
bool(true)
bool(true)
bool(true)
shutdown: true
peer's parked fread: '', eof true
sendto: 5
recvfrom: dgram
