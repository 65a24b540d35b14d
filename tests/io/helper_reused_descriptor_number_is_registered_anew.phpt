--TEST--
The stream helpers keep a descriptor registered between waits; when a stream is closed by its destructor (no fclose(), so chan is not told) and a new stream gets the same descriptor number, a helper waiting on the new stream still wakes when its data arrives, for reads and for writes
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!is_dir('/proc/self/fd')) die('skip needs /proc/self/fd'); ?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

function sockets(): array {
    $fds = [];
    foreach (scandir('/proc/self/fd') as $n) {
        if (preg_match('/^\d+$/', $n) && str_starts_with((string) @readlink("/proc/self/fd/$n"), 'socket:')) {
            $fds[] = (int) $n;
        }
    }
    return $fds;
}

function pair(): array {
    $before = sockets();
    $p = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    return [$p, array_values(array_diff(sockets(), $before))];
}

// A reader parks on $a twice (its registration is kept), then $a goes away
// with its destructor.
[[$a, $b], $numbers] = pair();
$read = new Chan\Channel(1);
go(function () use ($a, $read) {
    echo "old: ", Chan\fread($a, 100, 5), "\n";
    $read->push(true);
    echo "old: ", Chan\fread($a, 100, 5), "\n";
});
go(function () use ($b, $read) {
    Coroutine::sleep(0.01);
    fwrite($b, "one");
    $read->pop();           // "two" only once "one" was read: never both in one read
    Coroutine::sleep(0.01);
    fwrite($b, "two");
});
Chan\run(fn () => null);
unset($a, $b);

// New pairs until one of them has the old number; the helpers on it must
// still see its readiness.
$fresh = [];
do {
    [$p, $got] = pair();
    $fresh[] = $p;
} while (!array_intersect($numbers, $got) && count($fresh) < 10);
echo "number reused: ", var_export((bool) array_intersect($numbers, $got), true), "\n";
[$c, $d] = end($fresh);

foreach (['c' => [$c, $d], 'd' => [$d, $c]] as $name => [$mine, $peer]) {
    go(function () use ($name, $mine) {
        try {
            $got = Chan\fread($mine, 100, 5);
            echo "$name: read $got\n";
        } catch (Chan\TimeoutException) {
            echo "$name: its data never woke it\n";
        }
    });
    go(function () use ($name, $peer) {
        Coroutine::sleep(0.02);
        fwrite($peer, "for $name");
    });
}
Chan\run(fn () => null);

// Writers too: fill the reused socket, then a helper writes more than fits
// and must wake as the peer drains.
stream_set_blocking($c, false);
$filled = 0;
while (($n = fwrite($c, str_repeat('x', 65536))) > 0) {
    $filled += $n;
}
$big = str_repeat('y', 200000);
go(function () use ($c, $big) {
    try {
        $n = Chan\fwrite($c, $big, 5);
        echo "write: $n bytes\n";
    } catch (Chan\TimeoutException) {
        echo "write: draining never woke it\n";
    }
});
go(function () use ($d, $filled, $big) {
    stream_set_blocking($d, false);
    $want = $filled + strlen($big);
    $got = 0;
    while ($got < $want) {
        $got += strlen(Chan\fread($d, 65536, 5));
    }
    echo "drained: ", $got === $want ? "all" : "$got of $want", "\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
old: one
old: two
number reused: true
c: read for c
d: read for d
write: 200000 bytes
drained: all
