--TEST--
The Chan\CancelledException delivered to a coroutine, escaping it (uncaught, or caught and rethrown by the same coroutine), ends that coroutine quietly: its finally blocks run, there is no abort, main's blocking call is not interrupted and the other coroutines go on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
$results = new Channel(10);
$uncaught = go(function () use ($ch) {
    try {
        $ch->pop();
    } finally {
        echo "uncaught: finally runs\n";
    }
    echo "must not get here\n";
});
$rethrown = go(function () use ($ch) {
    try {
        Coroutine::sleep(30);
    } catch (Chan\CancelledException $e) {
        echo "rethrown: caught, throwing it again\n";
        throw $e;
    }
});
go(function () use ($results) {
    for ($i = 1; $i <= 3; $i++) {
        Coroutine::sleep(0.01);
        $results->push("bystander step $i");
    }
});
Coroutine::yield();
Coroutine::cancel($uncaught);
Coroutine::cancel($rethrown);
// Main blocks meanwhile: no abort reaches it.
for ($i = 0; $i < 3; $i++) {
    echo $results->pop(), "\n";
}
echo "exists: ", json_encode([Coroutine::exists($uncaught), Coroutine::exists($rethrown)]), "\n";

// In run(): run() returns once all have finished, nothing rethrown.
$r = Chan\run(function () {
    $id = go(function () {
        Coroutine::sleep(30);
    });
    Coroutine::yield();
    Coroutine::cancel($id);
    return 'run returned normally';
});
echo $r, "\n";
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
uncaught: finally runs
rethrown: caught, throwing it again
bystander step 1
bystander step 2
bystander step 3
exists: [false,false]
run returned normally
live: 0
