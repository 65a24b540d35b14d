--TEST--
A coroutine parked in waitReadable()/waitWritable() and destroyed by an abort (another coroutine's uncaught exception) leaves no wait behind: a later channel deadlock is still detected, and data arriving on its streams later wakes only the new waiters
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($c, false);
while (fwrite($c, str_repeat('x', 4096)) > 0);   // $c is not writable now

$destroyed = [];
go(function () use ($a, &$destroyed) {
    try {
        Coroutine::waitReadable($a);
        echo "reader returned?\n";
    } finally {
        $destroyed[] = "reader";
    }
});
go(function () use ($c, &$destroyed) {
    try {
        Coroutine::waitWritable($c, 60);
        echo "writer returned?\n";
    } finally {
        $destroyed[] = "writer";
    }
});
go(function () {
    Coroutine::yield();
    throw new RuntimeException("boom");
});
try {
    Chan\run(fn () => null);
} catch (RuntimeException $e) {
    echo "run: ", $e->getMessage(), "\n";
}
sort($destroyed);
echo "destroyed: ", implode(", ", $destroyed), "\n";
var_dump(Coroutine::count());

// nothing waits on I/O any more: this is a deadlock, not a hang
$ch = new Channel();
try {
    $ch->pop();
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", strtok($e->getMessage(), "\n"), "\n";
}

// the streams work for new waiters
go(function () use ($a) {
    Coroutine::waitReadable($a);
    echo "new reader: ", fread($a, 10), "\n";
});
go(function () use ($b, $d) {
    Coroutine::yield();
    fwrite($b, "data");
    while (fread($d, 65536) !== '') {
        stream_set_blocking($d, false);
    }
});
Chan\run(fn () => null);
Coroutine::waitWritable($c);
echo "writable after the drain\n";
?>
--EXPECT--
run: boom
destroyed: reader, writer
int(0)
Chan\DeadlockError: all coroutines are asleep - deadlock!
new reader: data
writable after the drain
