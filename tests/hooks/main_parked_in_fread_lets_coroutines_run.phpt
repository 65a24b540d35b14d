--TEST--
main calling a blocking fread() with nothing to read while coroutines live parks only main: the coroutines run meanwhile (a second reader among them gets Chan\Error "Cannot read from a stream that main is reading from: one context at a time per stream and direction"), then one of them writes and main's fread() returns its data ("main reads / B runs / B: Chan\Error ... / C writes / main got 'for main'")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "B runs\n";
    try {
        $r = fread($a, 100);
        echo "B got ", var_export($r, true), "\n";
    } catch (Chan\Error $e) {
        echo "B: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
});
go(function () use ($b) {
    echo "C writes\n";
    fwrite($b, "for main");
});
echo "main reads\n";
$r = fread($a, 100);
echo "main got ", var_export($r, true), "\n";
Chan\run(fn () => null);
?>
--EXPECT--
main reads
B runs
B: Chan\Error: Cannot read from a stream that main is reading from: one context at a time per stream and direction
C writes
main got 'for main'
