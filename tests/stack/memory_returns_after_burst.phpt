--TEST--
Stacks of a burst of coroutines go back to the system once they end: after 20,000 parked coroutines finish, most of the memory they took is returned (only a bounded number of empty slabs stays mapped)
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (!is_readable('/proc/self/status')) die('skip reads VmRSS from /proc/self/status');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip valgrind and ASan keep freed memory for themselves');
// Xdebug keeps the function stack it made for each context (malloc'd, ~10 KB) until the
// context reports ZEND_FIBER_STATUS_DEAD, which a coroutine's context never does (it is
// reused), or until the request ends: the memory comes back then, not here.
if (function_exists('xdebug_info') && xdebug_info('mode') !== []) die('skip Xdebug holds ~10 KB per context seen until the request ends');
?>
--INI--
memory_limit=256M
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

function rss_kb(): int
{
    preg_match('/VmRSS:\s+(\d+) kB/', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1];
}

$n = 20000;
$ch = new Channel();
$fn = static function () use ($ch) { $ch->pop(); };
$before = rss_kb();
for ($i = 0; $i < $n; $i++) {
    go($fn);
}
Chan\Coroutine::yield();
$peak = rss_kb();
for ($i = 0; $i < $n; $i++) {
    $ch->push($i);
}
Chan\run(fn() => null);
$after = rss_kb();

$grew = $peak - $before;
var_dump($grew > $n * 3); // each parked coroutine holds at least a page of stack
// 16 empty slabs are kept warm (about 4,000 stacks' worth of touched pages),
// plus the Zend heap and up to 64 idle workers: well under half of the peak.
var_dump($after - $before < $grew / 2);
if ($after - $before >= $grew / 2) {
    echo "before {$before} KiB, peak {$peak} KiB, after {$after} KiB\n";
}
?>
--EXPECT--
bool(true)
bool(true)
