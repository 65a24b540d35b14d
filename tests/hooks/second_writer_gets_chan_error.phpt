--TEST--
One writer per stream: while coroutine A is parked in a 1 MB fwrite($b) (the socket buffer is full, nobody reads), coroutine B's fwrite($b, "x") and fputs($b, "x") throw Chan\Error "Cannot write to a stream that coroutine #<A's id> is writing to: one context at a time per stream and direction"; A is undisturbed: when C then drains the other end, A's fwrite() returns 1048576 and C receives exactly A's 1 MB (same md5, no "x" in it)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$data = str_repeat('ab', 1 << 19);
$idA = go(function () use ($b, $data) {
    echo "A writes\n";
    $n = fwrite($b, $data);
    echo "A wrote ", var_export($n, true), "\n";
    fclose($b);
});
go(function () use ($a, $b, $data, &$idA) {
    foreach (['fwrite' => fn () => fwrite($b, "x"), 'fputs' => fn () => fputs($b, "x")] as $name => $write) {
        try {
            $r = $write();
            echo "B $name returned ", var_export($r, true), "\n";
        } catch (Chan\Error $e) {
            echo "B $name: ", get_class($e), ": ", str_replace("#$idA ", "#<A> ", $e->getMessage()), "\n";
        }
    }
    go(function () use ($a, $data) {
        echo "C drains\n";
        $got = stream_get_contents($a);
        echo "C got ", strlen($got), " bytes, ", md5($got) === md5($data) ? "A's data" : "DIFFERENT", "\n";
    });
});
Chan\run(fn () => null);
?>
--EXPECT--
A writes
B fwrite: Chan\Error: Cannot write to a stream that coroutine #<A> is writing to: one context at a time per stream and direction
B fputs: Chan\Error: Cannot write to a stream that coroutine #<A> is writing to: one context at a time per stream and direction
C drains
A wrote 1048576
C got 1048576 bytes, A's data
