--TEST--
WaitGroup: wait($timeout) returns normally when the counter reaches zero before the timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
go(function () use ($wg) {
    Chan\Coroutine::sleep(0.01);
    $wg->done();
});
$wg->wait(30);
echo "released, count ", $wg->count(), "\n";

// Its timer is gone: a later deadlock is still detected, not hidden by it.
$wg->add();
try {
    $wg->wait();
} catch (Chan\DeadlockError $e) {
    echo get_class($e), "\n";
}
?>
--EXPECT--
released, count 0
Chan\DeadlockError
