--TEST--
On one stream, Chan\fread() (which keeps the descriptor registered) and Coroutine::waitReadable()/waitWritable() (which arm it once) can follow each other in any order and run side by side: every wait wakes when its stream is ready
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($b, false);

// The writer sends the next byte only once the reader has read the last
// one (a reader slower than the writer's sleep would read two at once).
$read = new Chan\Channel(1);
go(function () use ($a, $read) {
    echo "1 fread: ", Chan\fread($a, 100, 5), "\n";
    $read->push(1);
    Coroutine::waitReadable($a, 5);
    echo "2 waitReadable, then fread: ", fread($a, 100), "\n";
    $read->push(2);
    echo "3 fread: ", Chan\fread($a, 100, 5), "\n";
    $read->push(3);
    Coroutine::waitReadable($a, 5);
    echo "4 waitReadable, then fread: ", fread($a, 100), "\n";
});
go(function () use ($b, $read) {
    foreach (['a', 'b', 'c', 'd'] as $i => $m) {
        if ($i > 0) {
            $read->pop();
        }
        Coroutine::sleep(0.01);
        fwrite($b, $m);
    }
});
Chan\run(fn () => null);

// Side by side: a reader in Chan\fread() and a writer in waitWritable() on
// the same (full) socket; both must wake.
$filled = 0;
while (($n = fwrite($a, str_repeat('x', 65536))) > 0) {
    $filled += $n;
}
go(function () use ($a, $read) {
    echo "reader: ", Chan\fread($a, 100, 5), "\n";
    $read->push('reader done');
});
go(function () use ($a) {
    Coroutine::waitWritable($a, 5);
    echo "writer: writable again\n";
});
go(function () use ($b, $filled, $read) {
    Coroutine::sleep(0.01);
    fwrite($b, "for the reader");
    $read->pop();             // drains once the reader has printed
    $got = 0;
    while ($got < $filled) {
        $got += strlen(Chan\fread($b, 65536, 5));
    }
    echo "peer drained ", $got === $filled ? "all" : $got, "\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
1 fread: a
2 waitReadable, then fread: b
3 fread: c
4 waitReadable, then fread: d
reader: for the reader
peer drained all
writer: writable again
