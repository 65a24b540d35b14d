--TEST--
Coroutine C, whose fclose($a) waits for coroutine R (parked reading $a) to leave PHP's stream code, is cancelled meanwhile: the close still completes (fclose() returns true, $a is closed, R's fread() returns "" or false) and C's cancellation is delivered at its next blocking call (usleep() throws Chan\CancelledException); nothing freed too early (run under valgrind)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "R reads\n";
    $r = fread($a, 100);
    echo "R's fread returned ", $r === '' || $r === false ? "as on a reset connection" : "UNEXPECTED " . var_export($r, true), "\n";
});
$c = go(function () use ($a) {
    echo "C closes\n";
    $r = fclose($a);
    echo "C's fclose returned ", var_export($r, true), ", \$a is now ", get_resource_type($a), "\n";
    try {
        usleep(1000);
        echo "C slept\n";
    } catch (Chan\CancelledException $e) {
        echo "C: ", get_class($e), "\n";
    }
});
Coroutine::yield();   // R parked in fread, C in fclose waiting for R
echo "main cancels C: ", var_export(Coroutine::cancel($c), true), "\n";
Chan\run(fn () => null);
echo "done\n";
?>
--EXPECT--
R reads
C closes
main cancels C: true
R's fread returned as on a reset connection
C's fclose returned true, $a is now Unknown
C: Chan\CancelledException
done
