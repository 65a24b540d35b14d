--TEST--
phpredis cooperates through the stream family (a private redis-server on a unix socket, started by the test): $a->blPop(["k"], 10) in coroutine A parks only A, so coroutine B, on a second connection, pushes the value A then receives ("A blPop / B pushes / A got ["k","v"]")
--EXTENSIONS--
chan
redis
--SKIPIF--
<?php
if (!trim((string) shell_exec('command -v redis-server 2>/dev/null'))) die("skip no redis-server in PATH");
?>
--FILE--
<?php
use function Chan\go;

$dir = sys_get_temp_dir() . '/chan_hooks_redis_' . getmypid();
@mkdir($dir);
$sock = "$dir/redis.sock";
$server = proc_open(['redis-server', '--port', '0', '--unixsocket', $sock, '--save', '', '--appendonly', 'no', '--dir', $dir],
    [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
for ($i = 0; $i < 600 && !file_exists($sock); $i++) {
    usleep(50000);
}
$a = new Redis();
$a->connect($sock);
$b = new Redis();
$b->connect($sock);
go(function () use ($a) {
    echo "A blPop\n";
    $r = $a->blPop(['k'], 10);
    echo "A got ", json_encode($r), "\n";
});
go(function () use ($b) {
    echo "B pushes\n";
    $b->rPush('k', 'v');
});
Chan\run(fn () => null);
$a->close();
$b->close();
proc_terminate($server);
proc_close($server);
@unlink($sock);
@rmdir($dir);
?>
--EXPECT--
A blPop
B pushes
A got ["k","v"]
