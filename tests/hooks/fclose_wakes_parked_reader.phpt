--TEST--
fclose($a) by coroutine B while coroutine A is parked in fread($a), fgets($a) or stream_get_contents($a) wakes A: its call fails as on a reset connection (fread "" or false, fgets false, stream_get_contents "" or false), A goes on (the resource is then closed: feof() throws PHP's TypeError), B's fclose() returns true once A has left the call, and the script goes on; no crash and nothing freed too early (run under valgrind)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$reads = [
    'fread' => fn ($s) => fread($s, 100),
    'fgets' => fn ($s) => fgets($s),
    'stream_get_contents' => fn ($s) => stream_get_contents($s),
];
foreach ($reads as $name => $read) {
    echo "$name\n";
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    go(function () use ($a, $read, $name) {
        echo "A reads\n";
        $r = $read($a);
        $ok = $name === 'fgets' ? $r === false : $r === '' || $r === false;
        echo "A's $name returned ", $ok ? "as on a reset connection" : "UNEXPECTED " . var_export($r, true), "\n";
        try {
            feof($a);
        } catch (TypeError $e) {
            echo "A: ", $e->getMessage(), "\n";
        }
    });
    go(function () use ($a) {
        echo "B closes\n";
        $r = fclose($a);
        echo "B's fclose returned ", var_export($r, true), "\n";
    });
    Chan\run(fn () => null);
    unset($a, $b);
}
echo "done\n";
?>
--EXPECTF--
fread
A reads
B closes
A's fread returned as on a reset connection
A: feof(): %s
B's fclose returned true
fgets
A reads
B closes
A's fgets returned as on a reset connection
A: feof(): %s
B's fclose returned true
stream_get_contents
A reads
B closes
A's stream_get_contents returned as on a reset connection
A: feof(): %s
B's fclose returned true
done
