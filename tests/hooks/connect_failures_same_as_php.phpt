--TEST--
Failed connects in a coroutine give exactly PHP's own result (the same call in main with chan.hooks "none"): stream_socket_client() and fsockopen() to a closed port on 127.0.0.1 (false, errno 111, "Connection refused", PHP's warning), stream_socket_client() to a unix socket path that does not exist (false, errno 2, "No such file or directory") and to one whose listener's backlog is full (false, errno 11, as PHP's own); a connect that succeeds in a coroutine gives a working stream
--EXTENSIONS--
chan
--FILE--
<?php
$s = stream_socket_server('tcp://127.0.0.1:0');
$addr = stream_socket_get_name($s, false);
$port = (int) substr($addr, strrpos($addr, ':') + 1);
fclose($s);   // nothing listens there now
$path = sys_get_temp_dir() . '/chan_hooks_connect_' . getmypid() . '.sock';
$full = sys_get_temp_dir() . '/chan_hooks_connect_full_' . getmypid() . '.sock';
$unix = stream_socket_server("unix://$full", $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
$held = [];
for ($i = 0; $i < 4; $i++) {
    $held[] = @stream_socket_client("unix://$full", $errno, $errstr, 1);   // fill its backlog
}

$connects = [
    'tcp refused' => fn (&$errno, &$errstr) => stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5),
    'fsockopen refused' => fn (&$errno, &$errstr) => fsockopen('127.0.0.1', $port, $errno, $errstr, 5),
    'unix missing' => fn (&$errno, &$errstr) => stream_socket_client("unix://$path", $errno, $errstr, 5),
    'unix backlog full' => fn (&$errno, &$errstr) => stream_socket_client("unix://$full", $errno, $errstr, 0.5),
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
    $hooked = Chan\run(fn () => outcome($connect));
    echo "$name: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
    echo "  ", str_replace([(string) $port, json_encode($path), json_encode($full)], ['PORT', 'PATH', 'FULL'], $php), "\n";
}

$s = stream_socket_server('tcp://127.0.0.1:0');
Chan\run(function () use ($s) {
    $c = stream_socket_client('tcp://' . stream_socket_get_name($s, false), $errno, $errstr, 5);
    $conn = stream_socket_accept($s, 5);
    fwrite($c, "works\n");
    echo "connected in a coroutine: ", fgets($conn);
});
@unlink($full);
?>
--EXPECTF--
tcp refused: same as PHP's
  [false,111,"Connection refused",["stream_socket_client(): Unable to connect to tcp:\/\/127.0.0.1:PORT (Connection refused)"]]
fsockopen refused: same as PHP's
  [false,111,"Connection refused",["fsockopen(): Unable to connect to 127.0.0.1:PORT (Connection refused)"]]
unix missing: same as PHP's
  [false,2,"No such file or directory",["stream_socket_client(): Unable to connect to unix:%s (No such file or directory)"]]
unix backlog full: same as PHP's
  [false,11,"Resource temporarily unavailable",["stream_socket_client(): Unable to connect to unix:%s (Resource temporarily unavailable)"]]
connected in a coroutine: works
