--TEST--
WaitGroup: wait() in main with nothing runnable, no timer and a nonzero counter throws Chan\DeadlockError
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
try {
    $wg->wait();
    echo "no exception\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump($wg->count());

// Same when coroutines run first but end up waiting on the group too.
go(function () use ($wg) {
    echo "coroutine waits\n";
    try {
        $wg->wait();
        echo "coroutine released\n";
    } finally {
        echo "coroutine destroyed before the throw\n";
    }
});
try {
    $wg->wait();
    echo "no exception\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// The parked coroutine is gone: done() releases nobody.
$wg->done();
var_dump(Chan\Coroutine::count());
echo "end\n";
?>
--EXPECTF--
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\WaitGroup::wait] at %swait_deadlock.php:%d
int(1)
coroutine waits
coroutine destroyed before the throw
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\WaitGroup::wait] at %swait_deadlock.php:%d
coroutine 1 [Chan\WaitGroup::wait] at %swait_deadlock.php:%d
int(0)
end
