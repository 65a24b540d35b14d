--TEST--
main parked in a blocking fgets($a) (coroutines alive) while a coroutine fclose()s $a: main wakes, its fgets() returns false as on a reset connection, the coroutine's fclose() returns true once main has left the call, and both go on ("main reads / co closes / main got false / co's fclose returned true")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "co closes\n";
    $r = fclose($a);
    echo "co's fclose returned ", var_export($r, true), "\n";
});
echo "main reads\n";
$r = fgets($a);
echo "main got ", var_export($r, true), "\n";
Chan\run(fn () => null);
echo "done\n";
?>
--EXPECT--
main reads
co closes
main got false
co's fclose returned true
done
