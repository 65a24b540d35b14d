--TEST--
1,000 coroutines each wait readable on their own socket pair; a writer writes to them in a shuffled order, in batches: each wakes exactly once, with its own value already readable, and all finish
--EXTENSIONS--
chan
posix
--SKIPIF--
<?php
if (!function_exists('posix_getrlimit')) die('skip needs posix_getrlimit');
$l = posix_getrlimit();
$soft = $l['soft openfiles'] ?? 0;
if ($soft !== 'unlimited' && (int) $soft < 4500) die("skip needs 4,500 open files, ulimit -n is $soft");
?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

const N = 1000;
$pairs = [];
for ($i = 0; $i < N; $i++) {
    $pairs[$i] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_blocking($pairs[$i][0], false);
}

$wakes = array_fill(0, N, 0);
$got = [];
$bad = [];
for ($i = 0; $i < N; $i++) {
    go(function () use ($i, $pairs, &$wakes, &$got, &$bad) {
        Coroutine::waitReadable($pairs[$i][0]);
        $wakes[$i]++;
        // non-blocking: a wake-up with nothing to read gives ""
        $v = fread($pairs[$i][0], 100);
        if ($v !== "value $i") {
            $bad[] = "coroutine $i read " . var_export($v, true);
        }
        $got[] = $i;
    });
}

$order = range(0, N - 1);
mt_srand(7);
shuffle($order);
go(function () use ($order, $pairs) {
    Coroutine::yield();     // let every reader park first
    foreach ($order as $k => $i) {
        fwrite($pairs[$i][1], "value $i");
        if ($k % 37 === 36) {
            Coroutine::sleep(0.001);  // let some wake while others still wait
        }
    }
});
Chan\run(fn () => null);

echo "finished: ", count($got), "\n";
echo "each woke once: ", var_export(array_count_values($wakes) === [1 => N], true), "\n";
echo "distinct: ", count(array_unique($got)), "\n";
echo "bad reads: ", count($bad), "\n", implode("\n", array_slice($bad, 0, 5)), $bad ? "\n" : "";
var_dump(Coroutine::count());
foreach ($pairs as [$a, $b]) {
    fclose($a);
    fclose($b);
}
echo "done\n";
?>
--EXPECT--
finished: 1000
each woke once: true
distinct: 1000
bad reads: 0
int(0)
done
