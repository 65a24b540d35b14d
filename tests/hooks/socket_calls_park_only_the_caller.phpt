--TEST--
ext-sockets' blocking calls in a coroutine park only the caller: socket_read(), socket_recv() on a socket pair, socket_recvfrom() on a UDP socket and socket_accept() on a TCP listener each wait in coroutine A while coroutine B, run meanwhile, provides what A waits for ("A waits / B acts / A got ..."); had A blocked the process, B would never have run before it and the test would hang; socket_write() of a few bytes to a socket whose buffer is full parks the writer until B reads
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use function Chan\go;

function round_of(string $name, callable $a, callable $b): void {
    echo "$name\n";
    go(function () use ($a) {
        echo "  A waits\n";
        $got = $a();
        echo "  A got $got\n";
    });
    go(function () use ($b) {
        echo "  B acts\n";
        $b();
    });
    Chan\run(fn () => null);
}
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$x, $y] = $pair;
round_of('socket_read', fn () => var_export(socket_read($x, 100), true), fn () => socket_write($y, "read me"));
round_of('socket_recv', function () use ($x) {
    $n = socket_recv($x, $buf, 100, 0);
    return "$n bytes: $buf";
}, fn () => socket_write($y, "recv me"));

$udp = socket_create(AF_INET, SOCK_DGRAM, SOL_UDP);
socket_bind($udp, '127.0.0.1', 0);
socket_getsockname($udp, $addr, $port);
round_of('socket_recvfrom', function () use ($udp) {
    $n = socket_recvfrom($udp, $buf, 100, 0, $from, $fromPort);
    return "$n bytes from $from: $buf";
}, function () use ($port) {
    $s = socket_create(AF_INET, SOCK_DGRAM, SOL_UDP);
    socket_sendto($s, "datagram", 8, 0, '127.0.0.1', $port);
});

$srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($srv, '127.0.0.1', 0);
socket_listen($srv);
socket_getsockname($srv, $addr, $port);
$client = null;
round_of('socket_accept', function () use ($srv) {
    $c = socket_accept($srv);
    return get_class($c) . ", which reads " . socket_read($c, 100);
}, function () use ($port, &$client) {
    $client = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    socket_connect($client, '127.0.0.1', $port);
    socket_write($client, "accepted");
});

// Fill the pair's buffer (non-blocking writes until EAGAIN), then a blocking
// write of a few bytes must wait for the reader.
socket_set_nonblock($x);
$filled = 0;
while (($n = @socket_write($x, str_repeat('f', 65536))) !== false) {
    $filled += $n;
}
socket_set_block($x);
round_of('socket_write to a full socket', fn () => socket_write($x, "tail") . " bytes written", function () use ($y, $filled) {
    $got = 0;
    while ($got < $filled + 4 && ($chunk = socket_read($y, 65536)) !== false && $chunk !== '') {
        $got += strlen($chunk);
    }
    echo "  B drained ", $got === $filled + 4 ? "everything" : "$got of " . ($filled + 4) . " bytes", "\n";
});
?>
--EXPECT--
socket_read
  A waits
  B acts
  A got 'read me'
socket_recv
  A waits
  B acts
  A got 7 bytes: recv me
socket_recvfrom
  A waits
  B acts
  A got 8 bytes from 127.0.0.1: datagram
socket_accept
  A waits
  B acts
  A got Socket, which reads accepted
socket_write to a full socket
  A waits
  B acts
  A got 4 bytes written
  B drained everything
