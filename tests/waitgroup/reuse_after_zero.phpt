--TEST--
WaitGroup: a group that reached zero can be reused for another round of add()/done()/wait()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup();
for ($round = 1; $round <= 3; $round++) {
    $out = [];
    for ($i = 1; $i <= $round; $i++) {
        $wg->add();
        go(function () use ($wg, $i, &$out) {
            Chan\Coroutine::yield();
            $out[] = $i;
            $wg->done();
        });
    }
    // A coroutine waiter in every round as well.
    go(function () use ($wg, $round) {
        $wg->wait();
        echo "round $round: coroutine released\n";
    });
    $wg->wait();
    echo "round $round: ", implode(',', $out), " count ", $wg->count(), "\n";
    Chan\Coroutine::yield();
}
?>
--EXPECT--
round 1: 1 count 0
round 1: coroutine released
round 2: 1,2 count 0
round 2: coroutine released
round 3: 1,2,3 count 0
round 3: coroutine released
