--TEST--
ext-sockets' calls in a coroutine give exactly PHP's own results (the same call in main with chan.hooks "none"): return value, warnings and socket_last_error() for a read past the socket's SO_RCVTIMEO, an accept past the listening socket's SO_RCVTIMEO (the kernel bounds accept() by it; PHP says nothing of EAGAIN and keeps the error on the socket it did not make), a recv with MSG_DONTWAIT and a read of a non-blocking socket on an empty socket, an out-of-band recv on a TCP connection with no urgent data (fails at once, never parks) (false at once, error 11, no warning, as PHP says nothing of EAGAIN), a read and an accept where PHP's call fails at once (a read of a listening socket, an accept on a connected one), and a read after the peer closed (""); while a second coroutine lives, so the hook is active
--EXTENSIONS--
chan
sockets
--FILE--
<?php
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$x, $y] = $pair;
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair2);
[$nb, $nbPeer] = $pair2;
socket_set_nonblock($nb);
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair3);
[$gone, $goneSide] = $pair3;
socket_close($goneSide);
$srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($srv, '127.0.0.1', 0);
socket_listen($srv);
socket_getsockname($srv, $srvAddr, $srvPort);
$tcp = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_connect($tcp, '127.0.0.1', $srvPort);
$tcpPeer = socket_accept($srv);
$timed = socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair4) ? $pair4[0] : null;
socket_set_option($timed, SOL_SOCKET, SO_RCVTIMEO, ['sec' => 0, 'usec' => 100000]);
$timedListener = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($timedListener, '127.0.0.1', 0);
socket_listen($timedListener);
socket_set_option($timedListener, SOL_SOCKET, SO_RCVTIMEO, ['sec' => 0, 'usec' => 100000]);

$calls = [
    'read past SO_RCVTIMEO' => fn () => socket_read($timed, 100),
    'accept past SO_RCVTIMEO' => fn () => socket_accept($timedListener),
    'recv with MSG_DONTWAIT' => function () use ($x) {
        $r = socket_recv($x, $buf, 100, MSG_DONTWAIT);
        return [$r, $buf];
    },
    'recv with MSG_OOB, no urgent data' => function () use ($tcp) {
        $r = socket_recv($tcp, $buf, 100, MSG_OOB);
        return [$r, $buf];
    },
    'read of a non-blocking socket' => fn () => socket_read($nb, 100),
    'read of a listening socket' => fn () => socket_read($srv, 100),
    'accept on a connected socket' => fn () => socket_accept($x),
    'read after the peer closed' => fn () => socket_read($gone, 100),
];
function outcome(callable $call, array $sockets): string {
    foreach ($sockets as $s) {
        socket_clear_error($s);
    }
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    try {
        $r = $call();
    } catch (Throwable $t) {
        $r = get_class($t) . ': ' . $t->getMessage();
    }
    restore_error_handler();
    return json_encode([$r, $warnings, array_map('socket_last_error', $sockets)]);
}
$sockets = [$x, $nb, $gone, $srv, $timed, $timedListener];
foreach ($calls as $name => $call) {
    ini_set('chan.hooks', 'none');
    $php = outcome($call, $sockets);
    ini_set('chan.hooks', 'all');
    $hooked = Chan\run(function () use ($call, $sockets) {
        Chan\go(fn () => Chan\Coroutine::sleep(0.001));
        return outcome($call, $sockets);
    });
    echo "$name: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
    echo "  $php\n";
}
?>
--EXPECTF--
read past SO_RCVTIMEO: same as PHP's
  [false,[],[0,0,0,0,11,0]]
accept past SO_RCVTIMEO: same as PHP's
  [false,[],[0,0,0,0,0,0]]
recv with MSG_DONTWAIT: same as PHP's
  [[false,null],[],[11,0,0,0,0,0]]
recv with MSG_OOB, no urgent data: same as PHP's
  [[false,null],["socket_recv(): %snable to read from socket [%d]: %s"],[0,0,0,0,0,0]]
read of a non-blocking socket: same as PHP's
  [false,[],[0,11,0,0,0,0]]
read of a listening socket: same as PHP's
  [false,["socket_read(): unable to read from socket [%d]: %s"],[0,0,0,%d,0,0]]
accept on a connected socket: same as PHP's
  [false,["socket_accept(): unable to accept incoming connection [%d]: %s"],[0,0,0,0,0,0]]
read after the peer closed: same as PHP's
  ["",[],[0,0,0,0,0,0]]
