<?php
// Memory per parked coroutine: N coroutines (default 20,000) parked in pop()
// on one channel; prints the Zend heap's growth (memory_get_peak_usage(true))
// and the process's (VmRSS) per coroutine. Run it with and without Xdebug:
//   php -d extension=.build-release/modules/chan.so benchmarks/parked_memory.php
//   XDEBUG_MODE=develop,coverage php -d zend_extension=xdebug -d extension=... benchmarks/parked_memory.php
$n = (int) ($argv[1] ?? 20000);

function rss_kb(): int
{
    preg_match('/VmRSS:\s+(\d+) kB/', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1];
}

$ch = new Chan\Channel();
$fn = static function () use ($ch) { $ch->pop(); };
$heap0 = memory_get_peak_usage(true);
$rss0 = rss_kb();
for ($i = 0; $i < $n; $i++) {
    Chan\go($fn);
}
Chan\Coroutine::yield(); // every one has run up to its pop()
$heap = memory_get_peak_usage(true) - $heap0;
$rss = (rss_kb() - $rss0) * 1024;
printf("%s: %d parked: heap %.0f MB (%.0f B each), RSS %.0f MB (%.0f B each)\n",
    extension_loaded('xdebug') ? 'xdebug ' . phpversion('xdebug') . ' mode ' . implode(',', xdebug_info('mode')) : 'no xdebug',
    $n, $heap / 1e6, $heap / $n, $rss / 1e6, $rss / $n);
for ($i = 0; $i < $n; $i++) {
    $ch->push($i);
}
