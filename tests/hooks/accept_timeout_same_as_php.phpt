--TEST--
stream_socket_accept($server, 0.2) with nobody connecting, in a coroutine: parks (coroutine B runs meanwhile: "A accepts / B runs / A timed out"), then returns false with exactly PHP's own warning (the same call in main with chan.hooks "none": "stream_socket_accept(): Accept failed: Connection timed out"); the server still accepts afterwards
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
function timed_out_accept($server): string {
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = "$no: $msg";
        return true;
    });
    $r = stream_socket_accept($server, 0.2);
    restore_error_handler();
    return json_encode([$r, $warnings]);
}

ini_set('chan.hooks', 'none');
$php = timed_out_accept($server);
ini_set('chan.hooks', 'all');
go(function () use ($server, $php) {
    echo "A accepts\n";
    $hooked = timed_out_accept($server);
    echo "A timed out: ", $hooked === $php ? "same as PHP's: $hooked" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
});
go(function () {
    echo "B runs\n";
});
Chan\run(fn () => null);
$c = stream_socket_client('tcp://' . stream_socket_get_name($server, false), $errno, $errstr, 30);
$conn = stream_socket_accept($server, 30);
echo "later accept: ", get_resource_type($conn), "\n";
?>
--EXPECT--
A accepts
B runs
A timed out: same as PHP's: [false,["2: stream_socket_accept(): Accept failed: Connection timed out"]]
later accept: stream
