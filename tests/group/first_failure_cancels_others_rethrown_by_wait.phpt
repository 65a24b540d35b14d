--TEST--
The first exception escaping a member cancels every other unfinished member (Chan\CancelledException at their blocking calls) and is rethrown by wait() only once all have finished (a member that catches its cancellation and takes a while is waited for); every wait() throws that same object; later failures are ignored
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$log = [];
$g->go(function () use (&$log) {
    try {
        Coroutine::sleep(30);
    } catch (Chan\CancelledException $e) {
        $log[] = "cancelled: sleeper";
        throw $e;
    }
});
$g->go(function () use (&$log) {
    try {
        (new Channel(0))->pop();
    } catch (Chan\CancelledException $e) {
        $log[] = "cancelled: slow one, cleans up for a while";
        Coroutine::sleep(0.05);
        $log[] = "slow one done cleaning up";
        throw new RuntimeException("later failure: ignored");
    }
});
$g->go(function () {
    Coroutine::sleep(0.01);
    throw new LogicException("first failure");
});
$g->go(function () use (&$log) {
    $log[] = "quick member returns";
    return 'quick';
});
try {
    $g->wait();
    echo "wait returned\n";
} catch (Throwable $e) {
    $log[] = "wait threw " . get_class($e) . ": " . $e->getMessage();
    $first = $e;
}
// The order in which the others get their cancellation is not specified.
$cancelled = array_filter($log, fn ($l) => str_starts_with($l, 'cancelled: '));
sort($cancelled);
echo implode("\n", $cancelled), "\n";
echo implode("\n", array_diff($log, $cancelled)), "\n";
echo "count: ", $g->count(), "\n";
foreach ([1, 2] as $n) {
    try {
        $g->wait();
    } catch (Throwable $e) {
        echo "wait again: the same object: ", json_encode($e === $first), "\n";
    }
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
cancelled: sleeper
cancelled: slow one, cleans up for a while
quick member returns
slow one done cleaning up
wait threw LogicException: first failure
count: 0
wait again: the same object: true
wait again: the same object: true
live: 0
