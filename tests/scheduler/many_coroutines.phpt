--TEST--
10,000 coroutines, each yielding, all run to completion; ids stay distinct and count/peak add up
--EXTENSIONS--
chan
--INI--
; each live coroutine holds a 16 KiB VM stack page, as a PHP Fiber does
memory_limit=512M
--FILE--
<?php
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$n = 10000;
$wg = new WaitGroup($n);
$finished = 0;
$ids = [];
for ($i = 0; $i < $n; $i++) {
    $ids[go(function () use ($wg, &$finished) {
        Coroutine::yield();
        $finished++;
        $wg->done();
    })] = true;
}
var_dump(count($ids));
var_dump(Coroutine::count());
$wg->wait();
var_dump($finished);
$stats = Coroutine::stats();
var_dump($stats['peak'] >= $n, $stats['spawned'], $stats['count']);

// the same through run()
$total = Chan\run(function () use ($n) {
    $sum = 0;
    for ($i = 0; $i < $n; $i++) {
        go(function () use (&$sum) {
            Coroutine::yield();
            $sum++;
        });
    }
    return function () use (&$sum) { return $sum; };
});
var_dump($total());
?>
--EXPECT--
int(10000)
int(10000)
int(10000)
bool(true)
int(10000)
int(0)
int(10000)
