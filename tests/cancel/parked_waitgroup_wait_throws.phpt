--TEST--
A coroutine parked in WaitGroup::wait() and cancelled gets Chan\CancelledException from wait() while the counter is unchanged; the other waiters still wait and are released by the last done()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
$ids = [];
foreach (['A', 'B', 'C'] as $name) {
    $ids[$name] = go(function () use ($wg, $name) {
        try {
            $wg->wait();
            echo "$name released\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), "\n";
        }
    });
}
Coroutine::yield();
Coroutine::cancel($ids['B']);
Coroutine::yield();
echo "counter: ", $wg->count(), "\n";
$wg->done();
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
B: Chan\CancelledException
counter: 1
A released
C released
live: 0
