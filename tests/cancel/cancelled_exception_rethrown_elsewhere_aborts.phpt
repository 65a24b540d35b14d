--TEST--
A Chan\CancelledException delivered to coroutine A, caught there and rethrown by coroutine B, aborts as usual: it is B's exception, not B's cancellation; main's blocking call rethrows that very object
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$handoff = new Channel(1);
$a = go(function () use ($handoff) {
    try {
        Coroutine::sleep(30);
    } catch (Chan\CancelledException $e) {
        echo "A caught: ", $e->getMessage(), "\n";
        $handoff->push($e);
    }
});
$b = go(function () use ($handoff) {
    $e = $handoff->pop();
    echo "B rethrows A's exception\n";
    throw $e;
});
go(function () {
    try {
        Coroutine::sleep(30);
    } finally {
        echo "bystander: finally runs\n";
    }
});
Coroutine::yield();
Coroutine::cancel($a);
try {
    Coroutine::sleep(30);
    echo "sleep returned\n";
} catch (Chan\CancelledException $e) {
    echo "main: ", get_class($e), ": ", $e->getMessage(), "\n";
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
A caught: Coroutine 1 was cancelled
B rethrows A's exception
bystander: finally runs
main: Chan\CancelledException: Coroutine 1 was cancelled
live: 0
