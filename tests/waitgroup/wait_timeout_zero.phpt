--TEST--
WaitGroup: wait(0) never waits: with a nonzero counter it throws Chan\TimeoutException without running other coroutines
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
go(function () use ($wg) {
    echo "coroutine ran\n";
    $wg->done();
});
try {
    $wg->wait(0);
    echo "no exception\n";
} catch (Chan\TimeoutException $e) {
    echo get_class($e), "\n";
}
var_dump($wg->count());
$wg->wait();
$wg->wait(0);
echo "end\n";
?>
--EXPECT--
Chan\TimeoutException
int(1)
coroutine ran
end
