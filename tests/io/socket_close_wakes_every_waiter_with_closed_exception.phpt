--TEST--
socket_close() on ext-sockets Sockets that coroutines wait on wakes every one of them with Chan\ClosedException (readers and a writer); the process goes on, and the closed Socket passed later is a ValueError naming $stream
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $p);
[$a, $b] = $p;
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $q);
[$c, $d] = $q;
socket_set_nonblock($c);
while (@socket_write($c, str_repeat('x', 4096)) > 0);   // $c is not writable now

$log = [];
foreach ([1, 2, 3] as $i) {
    go(function () use ($a, $i, &$log) {
        try {
            Coroutine::waitReadable($a, $i === 3 ? 30 : null);
            $log[] = "reader $i returned?";
        } catch (Chan\ClosedException $e) {
            $log[] = "reader $i: " . get_class($e) . ": " . $e->getMessage();
        }
    });
}
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
    socket_close($a);
    socket_close($c);
    $log[] = "closer: closed, going on";
});
Chan\run(fn () => null);
echo implode("\n", $log), "\n";
var_dump(Coroutine::count());

foreach ([$a, $c] as $s) {
    try {
        Coroutine::waitReadable($s, 0);
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

// the peers saw the hang-up: readable (EOF)
Coroutine::waitReadable($b, 5);
var_dump(socket_read($b, 10));

// waiting on I/O works as before
socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $r);
go(function () use ($r) { Coroutine::sleep(0.01); socket_write($r[1], "after"); });
Coroutine::waitReadable($r[0]);
var_dump(socket_read($r[0], 10));
?>
--EXPECT--
closer: closing
closer: closed, going on
reader 1: Chan\ClosedException: The stream was closed while waitReadable() waited on it
reader 2: Chan\ClosedException: The stream was closed while waitReadable() waited on it
reader 3: Chan\ClosedException: The stream was closed while waitReadable() waited on it
writer: Chan\ClosedException: The stream was closed while waitWritable() waited on it
int(0)
ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open Socket, closed Socket given
ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open Socket, closed Socket given
string(0) ""
string(5) "after"
