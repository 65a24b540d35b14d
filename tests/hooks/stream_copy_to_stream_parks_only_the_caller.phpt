--TEST--
stream_copy_to_stream() from a blocking socket (stream_socket_pair() end) into php://memory parks only the caller while it waits for data: coroutine W writes in three steps with a hooked usleep(10000) between them, then "!" and closes ("A copies / W wrote 1 / W wrote 2 / W wrote 3, closes / A copied 15 bytes: 'one;two;three;!'"); stream_get_contents() likewise
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

foreach (['stream_copy_to_stream', 'stream_get_contents'] as $how) {
    echo "$how\n";
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    go(function () use ($a, $how) {
        echo "A copies\n";
        if ($how === 'stream_copy_to_stream') {
            $m = fopen('php://memory', 'w+');
            $n = stream_copy_to_stream($a, $m);
            rewind($m);
            $got = stream_get_contents($m);
        } else {
            $got = stream_get_contents($a);
            $n = strlen($got);
        }
        echo "A copied $n bytes: ", var_export($got, true), "\n";
    });
    go(function () use ($b) {
        foreach (['one;', 'two;', 'three;'] as $i => $part) {
            fwrite($b, $part);
            echo "W wrote ", $i + 1, $i === 2 ? ", closes" : "", "\n";
            usleep(10000);
        }
        fwrite($b, '!');
        fclose($b);
    });
    Chan\run(fn () => null);
}
?>
--EXPECT--
stream_copy_to_stream
A copies
W wrote 1
W wrote 2
W wrote 3, closes
A copied 15 bytes: 'one;two;three;!'
stream_get_contents
A copies
W wrote 1
W wrote 2
W wrote 3, closes
A copied 15 bytes: 'one;two;three;!'
