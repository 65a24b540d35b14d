--TEST--
fclose() on streams that coroutines (and main) wait on wakes every one of them with Chan\ClosedException naming the method, readers and a writer alike; the process goes on, and the closed stream passed later is a TypeError naming $stream
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($c, false);
while (fwrite($c, str_repeat('x', 4096)) > 0);   // $c is not writable now

$log = [];
foreach ([1, 2, 3] as $i) {
    go(function () use ($a, $i, &$log) {
        try {
            Coroutine::waitReadable($a);
            $log[] = "reader $i returned?";
        } catch (Chan\ClosedException $e) {
            $log[] = "reader $i: " . get_class($e) . ": " . $e->getMessage();
        }
    });
}
go(function () use ($a, &$log) {
    try {
        Coroutine::waitReadable($a, 30);    // with a timer too
        $log[] = "timed reader returned?";
    } catch (Chan\ClosedException $e) {
        $log[] = "timed reader: " . $e->getMessage();
    }
});
go(function () use ($c, &$log) {
    try {
        Coroutine::waitWritable($c);
        $log[] = "writer returned?";
    } catch (Chan\ClosedException $e) {
        $log[] = "writer: " . get_class($e) . ": " . $e->getMessage();
    }
});
go(function () use ($a, $c, &$log) {
    Coroutine::sleep(0.01);
    $log[] = "closer: closing";
    fclose($a);
    fclose($c);
    $log[] = "closer: closed, going on";
});
// main parked first: it is first in the wait queue, and is woken first
try {
    Coroutine::waitReadable($a);
    $log[] = "main returned?";
} catch (Chan\ClosedException $e) {
    $log[] = "main: " . $e->getMessage();
}
Chan\run(fn () => null);
echo implode("\n", $log), "\n";
var_dump(Coroutine::count());

try {
    Coroutine::waitReadable($a);
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    Coroutine::waitWritable($c, 0);
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// waiting on I/O works as before
[$e, $f] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($f) { Coroutine::sleep(0.01); fwrite($f, "after"); });
Coroutine::waitReadable($e);
var_dump(fread($e, 10));
?>
--EXPECT--
closer: closing
closer: closed, going on
main: The stream was closed while waitReadable() waited on it
reader 1: Chan\ClosedException: The stream was closed while waitReadable() waited on it
reader 2: Chan\ClosedException: The stream was closed while waitReadable() waited on it
reader 3: Chan\ClosedException: The stream was closed while waitReadable() waited on it
timed reader: The stream was closed while waitReadable() waited on it
writer: Chan\ClosedException: The stream was closed while waitWritable() waited on it
int(0)
TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
string(5) "after"
