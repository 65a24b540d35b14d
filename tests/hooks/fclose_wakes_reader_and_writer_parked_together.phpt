--TEST--
fclose($a) by coroutine C while coroutine R is parked reading $a and coroutine W is parked writing 1 MB to $a wakes both: R's fread() returns "" or false, W's fwrite() returns false or less than 1 MB (its notice silenced), C's fclose() returns true once both have left PHP's stream code, and the script goes on; nothing freed too early (run under valgrind)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "R reads\n";
    $r = fread($a, 100);
    echo "R's fread returned ", $r === '' || $r === false ? "as on a reset connection" : "UNEXPECTED " . var_export($r, true), "\n";
});
go(function () use ($a) {
    echo "W writes\n";
    $n = @fwrite($a, str_repeat('x', 1 << 20));
    echo "W's fwrite returned ", $n === false || (is_int($n) && $n < (1 << 20)) ? "as on a reset connection" : "UNEXPECTED " . var_export($n, true), "\n";
});
$log = [];
go(function () use ($a, &$log) {
    echo "C closes\n";
    $r = fclose($a);
    $log[] = "C's fclose returned " . var_export($r, true);
});
Chan\run(fn () => null);
echo implode("\n", $log), "\n";
$b = null;
echo "done\n";
?>
--EXPECT--
R reads
W writes
C closes
R's fread returned as on a reset connection
W's fwrite returned as on a reset connection
C's fclose returned true
done
