--TEST--
One reader per stream: while coroutine A is parked in fread($a) (nothing to read), coroutine B's fread($a), fgets($a) and stream_get_contents($a) each throw Chan\Error "Cannot read from a stream that coroutine #<A's id> is reading from: one context at a time per stream and direction"; A is undisturbed: when C then writes, A's fread() returns C's data; once A has left, B may read the stream
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$aDone = new Chan\Channel(1);
$idA = go(function () use ($a, $aDone) {
    echo "A reads\n";
    $r = fread($a, 100);
    echo "A got ", var_export($r, true), "\n";
    $aDone->push(true);
});
go(function () use ($a, $b, $aDone, &$idA) {
    foreach (['fread' => fn () => fread($a, 100), 'fgets' => fn () => fgets($a),
              'stream_get_contents' => fn () => stream_get_contents($a)] as $name => $read) {
        try {
            $r = $read();
            echo "B $name got ", var_export($r, true), "\n";
        } catch (Chan\Error $e) {
            echo "B $name: ", get_class($e), ": ", str_replace("#$idA ", "#<A> ", $e->getMessage()), "\n";
        }
    }
    go(function () use ($b) {
        echo "C writes\n";
        fwrite($b, "for A");
    });
    $aDone->pop();   // A has read: nobody else is reading now
    fwrite($b, "for B");
    $r = fread($a, 100);
    echo "B got ", var_export($r, true), "\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
A reads
B fread: Chan\Error: Cannot read from a stream that coroutine #<A> is reading from: one context at a time per stream and direction
B fgets: Chan\Error: Cannot read from a stream that coroutine #<A> is reading from: one context at a time per stream and direction
B stream_get_contents: Chan\Error: Cannot read from a stream that coroutine #<A> is reading from: one context at a time per stream and direction
C writes
A got 'for A'
B got 'for B'
