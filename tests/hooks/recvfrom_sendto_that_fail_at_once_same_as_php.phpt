--TEST--
stream_socket_recvfrom() and stream_socket_sendto() that PHP's own calls fail or answer at once do the same in a coroutine, without parking: on a listening TCP server (recvfrom with no flags, STREAM_OOB and STREAM_PEEK, as php-src's stream_socket_recvfrom.phpt; sendto with its warning) and an out-of-band recvfrom on a connection with no urgent data; each result and warning is compared with the same call in main with chan.hooks "none", while a second coroutine lives (a parked call would wait forever: the test's timeout)
--EXTENSIONS--
chan
--FILE--
<?php
$server = stream_socket_server('tcp://127.0.0.1:0');
$client = stream_socket_client('tcp://' . stream_socket_get_name($server, false), $errno, $errstr, 5);
$conn = stream_socket_accept($server, 5);

$calls = [
    'recvfrom on a server' => fn () => stream_socket_recvfrom($server, 1500),
    'recvfrom OOB on a server' => fn () => stream_socket_recvfrom($server, 1500, STREAM_OOB),
    'recvfrom PEEK on a server' => fn () => stream_socket_recvfrom($server, 1500, STREAM_PEEK),
    'sendto on a server' => fn () => stream_socket_sendto($server, 'x'),
    'recvfrom OOB, no urgent data' => fn () => stream_socket_recvfrom($conn, 10, STREAM_OOB),
];
function outcome(callable $call): string {
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    $r = $call();
    restore_error_handler();
    return json_encode([$r, $warnings]);
}
foreach ($calls as $name => $call) {
    ini_set('chan.hooks', 'none');
    $php = outcome($call);
    ini_set('chan.hooks', 'all');
    $hooked = Chan\run(function () use ($call) {
        $beside = Chan\go(fn () => Chan\Coroutine::sleep(0.001));
        return outcome($call);
    });
    echo "$name: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
    echo "  $php\n";
}
fwrite($client, "after");
echo "the connection still carries data: ", Chan\run(fn () => stream_socket_recvfrom($conn, 10)), "\n";
?>
--EXPECTF--
recvfrom on a server: same as PHP's
  [false,[]]
recvfrom OOB on a server: same as PHP's
  [false,[]]
recvfrom PEEK on a server: same as PHP's
  [false,[]]
sendto on a server: same as PHP's
  [-1,["stream_socket_sendto(): %s"]]
recvfrom OOB, no urgent data: same as PHP's
  [false,[]]
the connection still carries data: after
