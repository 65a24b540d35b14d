--TEST--
WaitGroup: a coroutine's wait() parks it until other coroutines call done(); go()'s queue order decides who runs meanwhile
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\{go, run};

run(function () {
    $wg = new WaitGroup(2);
    go(function () use ($wg) { echo "worker 1\n"; $wg->done(); });
    go(function () use ($wg) { echo "worker 2\n"; $wg->done(); });
    echo "waiting\n";
    $wg->wait();
    echo "released, count ", $wg->count(), "\n";
});
echo "run returned\n";
?>
--EXPECT--
waiting
worker 1
worker 2
released, count 0
run returned
