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
    $wg->wait();
    echo "coroutine released\n";
});
try {
    $wg->wait();
    echo "no exception\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// Main can still release the parked coroutine afterwards.
$wg->done();
echo "end\n";
?>
--EXPECT--
Chan\DeadlockError: all coroutines are asleep - deadlock!
int(1)
coroutine waits
Chan\DeadlockError: all coroutines are asleep - deadlock!
end
coroutine released
