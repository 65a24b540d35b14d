--TEST--
Group::go() parked for a slot and Group::wait() are blocking calls where a cancellation is delivered: the coroutine cancelled there gets Chan\CancelledException, its go() starts no member, and the group is unaffected (its other waiters and members go on)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use function Chan\go;

$g = new Group(1);
$release = new Channel(0);
$g->go(fn () => $release->pop());     // holds the only slot
$starter = go(function () use ($g) {
    try {
        $g->go(fn () => print("member of the cancelled go(): must not run\n"));
        echo "go returned\n";
    } catch (Chan\CancelledException $e) {
        echo "parked in Group::go(): ", get_class($e), "\n";
    }
});
$waiter = go(function () use ($g) {
    try {
        $g->wait();
        echo "wait returned\n";
    } catch (Chan\CancelledException $e) {
        echo "parked in Group::wait(): ", get_class($e), "\n";
    }
});
go(function () use ($g) {
    $r = $g->wait();
    echo "other waiter: ", json_encode($r), "\n";
});
Coroutine::yield();
Coroutine::cancel($starter);
Coroutine::cancel($waiter);
Coroutine::yield();
echo "unfinished: ", $g->count(), "\n";
$release->push('released');
// The other waiter is not back yet when this member starts: it waits for
// it too (members started while wait() waits are included).
$g->go(fn () => 'second member');
$r = $g->wait();
echo "main: ", json_encode($r), "\n";
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
parked in Group::go(): Chan\CancelledException
parked in Group::wait(): Chan\CancelledException
unfinished: 1
main: ["released","second member"]
other waiter: ["released","second member"]
live: 0
