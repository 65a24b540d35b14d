--TEST--
A positive timeout that expires on a stream that never becomes ready throws Chan\TimeoutException naming the method, no earlier than the timeout, in main and in a coroutine; the stream is still usable after
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

// main, nothing else to run: a timed wait is no deadlock
$t = hrtime(true);
try {
    Coroutine::waitReadable($a, 0.05);
    echo "main: returned?\n";
} catch (Chan\TimeoutException $e) {
    echo "main: ", get_class($e), ": ", $e->getMessage(), "\n";
}
echo "main: waited the timeout: ", var_export((hrtime(true) - $t) / 1e9 >= 0.04, true), "\n";

// in a coroutine, while main blocks in run()
Chan\run(function () use ($a) {
    $t = hrtime(true);
    try {
        Coroutine::waitReadable($a, 0.05);
        echo "coroutine: returned?\n";
    } catch (Chan\TimeoutException $e) {
        echo "coroutine: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
    echo "coroutine: waited the timeout: ", var_export((hrtime(true) - $t) / 1e9 >= 0.04, true), "\n";
});

// waitWritable on a full send buffer, in a coroutine
stream_set_blocking($a, false);
while (fwrite($a, str_repeat('x', 4096)) > 0);
go(function () use ($a) {
    try {
        Coroutine::waitWritable($a, 0.05);
        echo "writer: returned?\n";
    } catch (Chan\TimeoutException $e) {
        echo "writer: ", $e->getMessage(), "\n";
    }
});
Chan\run(fn () => null);

// after the timeouts the stream works as before
fwrite($b, "late");
Coroutine::waitReadable($a, 5);
var_dump(fread($a, 100));
var_dump(Coroutine::count());
?>
--EXPECT--
main: Chan\TimeoutException: Chan\Coroutine::waitReadable() timed out
main: waited the timeout: true
coroutine: Chan\TimeoutException: Chan\Coroutine::waitReadable() timed out
coroutine: waited the timeout: true
writer: Chan\Coroutine::waitWritable() timed out
string(4) "late"
int(0)
