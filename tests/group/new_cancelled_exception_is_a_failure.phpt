--TEST--
In a group, only a member's own delivered cancellation escaping it is not a failure; a Chan\CancelledException made with new, or one delivered to another coroutine and rethrown by the member, is the group's failure and is rethrown by wait()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use function Chan\go;

// Own cancellation escaping: no failure.
$g = new Group();
$id = $g->go(fn () => Coroutine::sleep(30));
$g->go(fn () => 'other');
Coroutine::yield();
Coroutine::cancel($id);
echo "own: ", json_encode($g->wait()), "\n";

// Made with new.
$g = new Group();
$g->go(fn () => throw new Chan\CancelledException("made with new"));
try {
    $g->wait();
    echo "wait returned\n";
} catch (Chan\CancelledException $e) {
    echo "new: wait threw ", $e->getMessage(), "\n";
}

// Delivered to an outsider, handed to a member, rethrown there.
$g = new Group();
$handoff = new Channel(1);
$outsider = go(function () use ($handoff) {
    try {
        Coroutine::sleep(30);
    } catch (Chan\CancelledException $e) {
        $handoff->push($e);
    }
});
$g->go(function () use ($handoff) {
    throw $handoff->pop();
});
Coroutine::yield();
Coroutine::cancel($outsider);
try {
    $g->wait();
    echo "wait returned\n";
} catch (Chan\CancelledException $e) {
    echo "rethrown: wait threw ", $e->getMessage() === "Coroutine $outsider was cancelled" ? "the outsider's cancellation" : $e->getMessage(), "\n";
}
?>
--EXPECT--
own: {"1":"other"}
new: wait threw made with new
rethrown: wait threw the outsider's cancellation
