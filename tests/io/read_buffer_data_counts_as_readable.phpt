--TEST--
Data already in PHP's read buffer counts as readable: after fgets() took the first of three buffered lines, waitReadable() returns (timeout 0, 5 or none) though the kernel buffer is empty; once PHP's buffer is drained, waitReadable($s, 0) throws TimeoutException
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, "a\nb\nc\n");
var_dump(fgets($a));
// PHP read all three lines into its buffer: the kernel holds nothing more.
var_dump(stream_get_meta_data($a)['unread_bytes']);

Coroutine::waitReadable($a, 0);
echo "timeout 0: ready\n";
var_dump(fgets($a));

Coroutine::waitReadable($a, 5);
echo "timeout 5: ready\n";
Coroutine::waitReadable($a);
echo "no timeout: ready\n";
var_dump(fgets($a));

var_dump(stream_get_meta_data($a)['unread_bytes']);
try {
    Coroutine::waitReadable($a, 0);
    echo "still ready?\n";
} catch (Chan\TimeoutException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
string(2) "a
"
int(4)
timeout 0: ready
string(2) "b
"
timeout 5: ready
no timeout: ready
string(2) "c
"
int(0)
Chan\TimeoutException: Chan\Coroutine::waitReadable() timed out
