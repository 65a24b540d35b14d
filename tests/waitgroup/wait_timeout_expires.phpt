--TEST--
WaitGroup: wait($timeout) that expires throws Chan\TimeoutException (in main and in a coroutine) and leaves the counter alone
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
$t = hrtime(true);
try {
    $wg->wait(0.05);
    echo "no exception\n";
} catch (Chan\TimeoutException $e) {
    echo get_class($e), "\n";
    // Fired, and not (much) early.
    var_dump((hrtime(true) - $t) / 1e9 >= 0.04);
}
var_dump($wg->count());

$finished = new WaitGroup(1);
go(function () use ($wg, $finished) {
    try {
        $wg->wait(0.05);
        echo "no exception\n";
    } catch (Chan\TimeoutException $e) {
        echo "coroutine: ", get_class($e), "\n";
    }
    $finished->done();
});
$finished->wait();
var_dump($wg->count());

// The timed-out waiters are gone; the group still works.
$wg->done();
$wg->wait();
echo "end\n";
?>
--EXPECT--
Chan\TimeoutException
bool(true)
int(1)
coroutine: Chan\TimeoutException
int(1)
end
