--TEST--
Chan\stream_socket_client to a port nobody listens on returns false with PHP's warning and fills $error_code and $error_message, as stream_socket_client() does
--EXTENSIONS--
chan
--FILE--
<?php
// A port that was free a moment ago.
$probe = stream_socket_server('tcp://127.0.0.1:0');
$addr = stream_socket_get_name($probe, false);
fclose($probe);

$r = Chan\run(function () use ($addr) {
    $c = Chan\stream_socket_client("tcp://$addr", $code, $message, 30);
    return [$c, $code, $message];
});
var_dump($r[0], $r[1] > 0, $r[2]);
?>
--EXPECTF--
Warning: Chan\stream_socket_client(): Unable to connect to tcp://127.0.0.1:%d (Connection refused) in %s on line %d
bool(false)
bool(true)
string(18) "Connection refused"
