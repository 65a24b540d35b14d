--TEST--
A blocking tcp:// connect to an IP address parks only the caller: with a listening socket whose backlog (0) is full, so that further connects wait for their timeout, coroutine A's stream_socket_client("tcp://127.0.0.1:PORT", ..., 0.5) and fsockopen("127.0.0.1", PORT, ..., 0.5) let coroutine B run meanwhile ("A connects / B runs / A: ..."), and fail as PHP's own do (the same calls with chan.hooks "none" in main): false, errno 110, "Connection timed out", the same warning
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux') die("skip Linux: a full listen backlog drops further SYNs");
?>
--FILE--
<?php
use function Chan\go;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
$addr = stream_socket_get_name($server, false);
$port = (int) substr($addr, strrpos($addr, ':') + 1);
$held = stream_socket_client("tcp://$addr", $errno, $errstr, 5);   // fills the backlog
if (!$held) {
    die("first connect failed: $errstr\n");
}
$connects = [
    'stream_socket_client' => fn (&$errno, &$errstr) => stream_socket_client("tcp://$addr", $errno, $errstr, 0.5),
    'fsockopen' => fn (&$errno, &$errstr) => fsockopen('127.0.0.1', $port, $errno, $errstr, 0.5),
];
function outcome(callable $connect): string {
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    $c = $connect($errno, $errstr);
    restore_error_handler();
    return json_encode([$c === false ? false : get_resource_type($c), $errno, $errstr, $warnings]);
}
foreach ($connects as $name => $connect) {
    ini_set('chan.hooks', 'none');
    $php = outcome($connect);
    ini_set('chan.hooks', 'all');
    go(function () use ($name, $connect, $php) {
        echo "A connects ($name)\n";
        $hooked = outcome($connect);
        echo "A: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
    });
    go(function () {
        echo "B runs\n";
    });
    Chan\run(fn () => null);
    echo "PHP's: ", str_replace((string) $port, 'PORT', $php), "\n";
}
?>
--EXPECT--
A connects (stream_socket_client)
B runs
A: same as PHP's
PHP's: [false,110,"Connection timed out",["stream_socket_client(): Unable to connect to tcp:\/\/127.0.0.1:PORT (Connection timed out)"]]
A connects (fsockopen)
B runs
A: same as PHP's
PHP's: [false,110,"Connection timed out",["fsockopen(): Unable to connect to 127.0.0.1:PORT (Connection timed out)"]]
