--TEST--
A member holds its group alive until it finishes: a group the user dropped still runs its members, keeps its limit and lets members start more, and is freed once its last member has finished
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$done = new Channel(2);

function start(Channel $done): WeakReference {
    $g = new Group(1);
    // The members capture nothing of the group: only being members keeps it.
    $g->go(function () {
        Coroutine::sleep(0.01);
        echo "first member done\n";
    });
    $g->go(function () use ($done) {   // parks until the first member is done
        Coroutine::sleep(0.01);
        echo "second member done\n";
        $done->push(true);             // room in the buffer: no switch
    });
    return WeakReference::create($g);
}
$w = start($done);
echo "dropped, alive: ", json_encode($w->get() !== null), ", unfinished: ", $w->get()?->count(), "\n";
$done->pop();   // main is back once the second member has ended
echo "after its members finished, alive: ", json_encode($w->get() !== null), "\n";

// Dropped with a member not started yet: it still runs, and starts another
// member through the group it was given as an argument.
$log = [];
$w = (function () use (&$log, $done) {
    $g = new Group();
    $g->go(function (Group $g) use (&$log, $done) {
        Coroutine::yield();
        $g->go(function () use (&$log, $done) {
            $log[] = "grandchild ran";
            $done->push(true);
        });
        $log[] = "member ran";
    }, $g);
    return WeakReference::create($g);
})();
echo "dropped before its member started, alive: ", json_encode($w->get() !== null), "\n";
$done->pop();
echo implode(', ', $log), "\n";
echo "alive: ", json_encode($w->get() !== null), "\n";
?>
--EXPECT--
first member done
dropped, alive: true, unfinished: 1
second member done
after its members finished, alive: false
dropped before its member started, alive: true
member ran, grandchild ran
alive: false
