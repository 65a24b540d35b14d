--TEST--
10,000 coroutines parked in pop() on one channel are all released by pushes, each with its own value, first parked first served
--EXTENSIONS--
chan
--INI--
memory_limit=1G
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

const N = 10000;

$ch = new Channel(0);
$got = [];
for ($i = 0; $i < N; $i++) {
    go(function () use ($ch, $i, &$got) { $got[$i] = $ch->pop(); });
}
Coroutine::yield();
echo "poppers parked: ", $ch->stats()['poppers'], "\n";
for ($i = 0; $i < N; $i++) {
    $ch->push($i);
}
echo "all pushed\n";
Coroutine::yield();
ksort($got);
var_dump($got === range(0, N - 1), $ch->stats()['poppers'], Coroutine::count());
?>
--EXPECT--
poppers parked: 10000
all pushed
bool(true)
int(0)
int(0)
