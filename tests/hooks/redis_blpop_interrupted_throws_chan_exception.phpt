--TEST--
A phpredis call parked in a coroutine and interrupted ends with chan's exception (a private redis-server on a unix socket, started by the test): withTimeout(0.2, fn () => $a->blPop(["k"], 10)) makes phpredis throw its RedisException on the failed read, with the Chan\TimeoutException as its previous (chan.stub.php, hooks()), and Coroutine::cancel() of a coroutine in blPop() ends it quietly by its Chan\CancelledException (run() returns) or by phpredis's RedisException over it (seen both ways)
--EXTENSIONS--
chan
redis
--SKIPIF--
<?php
if (!trim((string) shell_exec('command -v redis-server 2>/dev/null'))) die("skip no redis-server in PATH");
?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

function describe(Throwable $e): string {
    $s = get_class($e);
    while ($e = $e->getPrevious()) {
        $s .= " (previous: " . get_class($e) . ")";
    }
    return $s;
}
$dir = sys_get_temp_dir() . '/chan_hooks_redis_' . getmypid();
@mkdir($dir);
$sock = "$dir/redis.sock";
$server = proc_open(['redis-server', '--port', '0', '--unixsocket', $sock, '--save', '', '--appendonly', 'no', '--dir', $dir],
    [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
for ($i = 0; $i < 600 && !file_exists($sock); $i++) {
    usleep(50000);
}
Chan\run(function () use ($sock) {
    $a = new Redis();
    $a->connect($sock);
    try {
        withTimeout(0.2, fn () => $a->blPop(['k'], 10));
        echo "deadline: no exception\n";
    } catch (Throwable $e) {
        echo "deadline: ", describe($e), "\n";
    }
});
$a = new Redis();
$a->connect($sock);
$id = go(function () use ($a) {
    $a->blPop(['k'], 10);
    echo "cancelled blPop: no exception\n";
});
Coroutine::yield();   // parked in blPop
Coroutine::cancel($id);
try {
    Chan\run(fn () => null);
    echo "cancel: the coroutine ended quietly or by phpredis's exception over its cancellation\n";
} catch (Throwable $e) {
    // phpredis throws its own exception over the cancellation or not (seen
    // both ways): either is an end by the cancellation.
    $d = describe($e);
    echo "cancel: ", $d === 'RedisException (previous: Chan\\CancelledException)' ? "the coroutine ended quietly or by phpredis's exception over its cancellation" : "run() threw $d", "\n";
}
proc_terminate($server);
proc_close($server);
@unlink($sock);
@rmdir($dir);
?>
--EXPECT--
deadline: RedisException (previous: Chan\TimeoutException)
cancel: the coroutine ended quietly or by phpredis's exception over its cancellation
