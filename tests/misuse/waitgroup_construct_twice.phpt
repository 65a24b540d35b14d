--TEST--
Calling WaitGroup::__construct() again throws Chan\Error (as for Channel) and leaves the counter and its waiters alone
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup(1);
go(function () use ($wg) {
    $wg->wait();
    echo "waiter released\n";
});
Chan\Coroutine::yield();
foreach ([0, 5] as $count) {
    try {
        $wg->__construct($count);
        echo "no exception\n";
    } catch (Chan\Error $e) {
        echo get_class($e), "\n";
    }
    var_dump($wg->count());
}
$wg->done();
$wg->wait();
echo "end\n";
?>
--EXPECT--
Chan\Error
int(1)
Chan\Error
int(1)
end
waiter released
