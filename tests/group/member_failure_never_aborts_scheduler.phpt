--TEST--
An exception escaping a group member never aborts the scheduler: coroutines outside the group and main's blocking calls go on undisturbed, their finally blocks are not run early, and the failure surfaces only from the group's wait()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    try {
        for ($i = 1; $i <= 3; $i++) {
            Coroutine::sleep(0.01);
            $ch->push("outsider step $i");
        }
    } finally {
        echo "outsider: finally at its end\n";
    }
});
$g = new Group();
$g->go(function () {
    throw new DomainException("member failed");
});
$g->go(function () {
    Coroutine::yield();
    throw new Chan\CancelledException("made with new: a failure like any other");
});
for ($i = 0; $i < 3; $i++) {
    // The last push hands its value over and the outsider runs on to its
    // end before main is back.
    echo $ch->pop(), "\n";
}
Coroutine::yield();
try {
    $g->wait();
} catch (DomainException $e) {
    echo "wait: ", $e->getMessage(), "\n";
}
// In run() too: run() returns normally.
echo Chan\run(function () {
    $g = new Group();
    $g->go(fn () => throw new DomainException("inside run"));
    try {
        $g->wait();
    } catch (DomainException $e) {
        return "run: caught " . $e->getMessage();
    }
}), "\n";
?>
--EXPECT--
outsider step 1
outsider step 2
outsider: finally at its end
outsider step 3
wait: member failed
run: caught inside run
