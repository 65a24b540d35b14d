--TEST--
Once a member has failed, members started by go() afterwards (from main or from a member) are cancelled at once: they end without running and without a result; a member parked in go() waiting for a slot when the failure comes gets Chan\CancelledException there
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

$g = new Group(2);
$g->go(function () use ($g) {
    Coroutine::sleep(0.01);
    throw new RuntimeException("failed");
});
$g->go(function () use ($g) {
    // The group is full: this go() parks until the failing member ends.
    try {
        $g->go(fn () => print("started from a parked go(): must not run\n"));
        echo "member's go() returned\n";
    } catch (Chan\CancelledException $e) {
        echo "member parked in go(): ", get_class($e), "\n";
    }
});
while ($g->count() > 0) {
    Coroutine::sleep(0.005);
}
echo "unfinished: ", $g->count(), "\n";
$g->go(fn () => print("started after the failure: must not run\n"));
try {
    $g->wait();
} catch (RuntimeException $e) {
    echo "wait: ", $e->getMessage(), "\n";
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
member parked in go(): Chan\CancelledException
unfinished: 0
wait: failed
live: 0
