--TEST--
Group::cancel() does not hide a failure: a member that fails before the cancel, or one that answers its cancellation by throwing another exception, makes wait() rethrow that exception
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$g->go(fn () => throw new RuntimeException("failed before cancel()"));
$g->go(fn () => Coroutine::sleep(30));
Coroutine::yield();
$g->cancel();
try {
    $g->wait();
    echo "wait returned\n";
} catch (RuntimeException $e) {
    echo "wait: ", $e->getMessage(), "\n";
}

$g = new Group();
$g->go(function () {
    try {
        Coroutine::sleep(30);
    } catch (Chan\CancelledException $e) {
        throw new LogicException("thrown while handling the cancellation", 0, $e);
    }
});
$g->go(fn () => 'done');
Coroutine::yield();
$g->cancel();
try {
    $g->wait();
    echo "wait returned\n";
} catch (LogicException $e) {
    echo "wait: ", $e->getMessage(), ", previous: ", get_class($e->getPrevious()), "\n";
}
?>
--EXPECT--
wait: failed before cancel()
wait: thrown while handling the cancellation, previous: Chan\CancelledException
