--TEST--
WaitGroup: wait() in main runs the coroutines (including sleeping ones) and returns once the last done() brings the counter to zero
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{WaitGroup, Coroutine};
use function Chan\go;

$wg = new WaitGroup();
$results = [];
foreach ([3, 1, 2] as $n) {
    $wg->add();
    go(function () use ($wg, $n, &$results) {
        Coroutine::sleep($n * 0.01);
        $results[] = $n;
        $wg->done();
    });
}
echo "waiting, count ", $wg->count(), "\n";
$wg->wait();
echo "count ", $wg->count(), ", results: ", count($results), "\n";
sort($results);
echo implode(',', $results), "\n";
var_dump(Coroutine::count());
?>
--EXPECT--
waiting, count 3
count 0, results: 3
1,2,3
int(0)
