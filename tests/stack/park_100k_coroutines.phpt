--TEST--
100,000 coroutines parked on one unbuffered channel are all released and finish; values arrive exactly once
--EXTENSIONS--
chan
--SKIPIF--
<?php
// run-tests -m (valgrind) sets USE_ZEND_ALLOC=0; so does the ASan gate, which preloads libasan
if (getenv('USE_ZEND_ALLOC') === '0' && !str_contains((string) getenv('LD_PRELOAD'), 'asan')) die('skip too slow under valgrind');
// Xdebug looks up each context's function stack at every switch in a table of 64
// buckets keyed by a formatted string: among 100,000 contexts a switch scans ~1,500.
if (function_exists('xdebug_info') && xdebug_info('mode') !== []) die('skip too slow under Xdebug (its per-context table is scanned at every switch)');
if (is_readable('/proc/meminfo') && preg_match('/MemAvailable:\s+(\d+) kB/', file_get_contents('/proc/meminfo'), $m)
    && (int) $m[1] < 2 * 1024 * 1024) {
    die('skip needs 2 GiB of available memory, ' . round($m[1] / 1024) . ' MiB free');
}
?>
--INI--
memory_limit=1G
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$n = 100000;
$ch = new Channel(0);
$seen = str_repeat("\0", $n);
$done = 0;
$worker = function () use ($ch, &$seen, &$done) {
    $v = $ch->pop();
    $seen[$v] = chr(ord($seen[$v]) + 1);
    $done++;
};
for ($i = 0; $i < $n; $i++) {
    go($worker);
}
Chan\Coroutine::yield(); // every one runs and parks in pop()
var_dump(Chan\Coroutine::count(), $done);
for ($i = 0; $i < $n; $i++) {
    $ch->push($i);
}
Chan\run(fn() => null);
var_dump($done, Chan\Coroutine::count());
var_dump(substr_count($seen, "\1") === $n);
?>
--EXPECT--
int(100000)
int(0)
int(100000)
int(0)
bool(true)
