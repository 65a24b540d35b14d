--TEST--
A peer that resets the connection: Chan\fread returns what arrived before, then false (with PHP's notice where PHP gives one); Chan\fwrite to it then returns false; neither blocks nor throws
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use Chan\Coroutine;
use function Chan\{go, run, stream_socket_accept, fread, fwrite};

$server = stream_socket_server('tcp://127.0.0.1:0');
[$host, $port] = explode(':', stream_socket_get_name($server, false));

$heard = new Chan\Channel(1);
go(function () use ($server, $heard) {
    $conn = stream_socket_accept($server, 30);
    var_dump(fread($conn, 100, 30));
    $heard->push(true);         // no switch: it waits for more before the client goes on
    var_dump(fread($conn, 100, 30));
    var_dump(fwrite($conn, str_repeat('x', 1 << 20), 30));
});
run(function () use ($host, $port, $heard) {
    $s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_connect($s, $host, (int) $port);
    socket_write($s, "hello");
    $heard->pop();              // the server has read "hello" and waits for more
    socket_set_option($s, SOL_SOCKET, SO_LINGER, ['l_onoff' => 1, 'l_linger' => 0]);
    socket_close($s);           // RST instead of FIN
});
?>
--EXPECTF--
string(5) "hello"
%Abool(false)

%s: Chan\fwrite(): Send of %d bytes failed with errno=%d %s in %s on line %d
bool(false)
