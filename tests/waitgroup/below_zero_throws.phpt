--TEST--
WaitGroup: done() or add() taking the counter below zero throws Chan\Error and leaves the counter (and its waiters) unchanged
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup();
try {
    $wg->done();
    echo "no exception\n";
} catch (Chan\Error $e) {
    echo get_class($e), "\n";
}
var_dump($wg->count());

$wg = new WaitGroup(3);
foreach ([-4, PHP_INT_MIN] as $delta) {
    try {
        $wg->add($delta);
        echo "no exception\n";
    } catch (Chan\Error $e) {
        echo get_class($e), "\n";
    }
    var_dump($wg->count());
}

// A waiter is not released by a failed add(): the counter never hit zero.
go(function () use ($wg) {
    $wg->wait();
    echo "waiter released at count ", $wg->count(), "\n";
});
Chan\Coroutine::yield();
try {
    $wg->add(-5);
} catch (Chan\Error $e) {
    echo "add(-5) refused\n";
}
Chan\Coroutine::yield();
echo "still waiting, count ", $wg->count(), "\n";
$wg->add(-3);
Chan\Coroutine::yield();
echo "end\n";
?>
--EXPECT--
Chan\Error
int(0)
Chan\Error
int(3)
Chan\Error
int(3)
add(-5) refused
still waiting, count 3
waiter released at count 0
end
