--TEST--
Main blocking with nothing else runnable throws a catchable Chan\DeadlockError ("all coroutines are asleep - deadlock!") and the script goes on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\DeadlockError;
use Chan\WaitGroup;

$ch = new Channel(0);
try {
    $ch->pop();
    echo "pop returned\n";
} catch (DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
    var_dump($e instanceof Chan\Error, $e instanceof Error);
}

try {
    $ch->push(1);
} catch (DeadlockError $e) {
    echo "push: ", $e->getMessage(), "\n";
}

$wg = new WaitGroup(1);
try {
    $wg->wait();
} catch (DeadlockError $e) {
    echo "wait: ", $e->getMessage(), "\n";
}

// the channel is still usable afterwards, and so is the scheduler
Chan\go(function () use ($ch) { $ch->push("after"); });
echo $ch->pop(), "\n";
var_dump(count($ch), $ch->stats()['pushers'], $ch->stats()['poppers']);
?>
--EXPECT--
Chan\DeadlockError: all coroutines are asleep - deadlock!
bool(true)
bool(true)
push: all coroutines are asleep - deadlock!
wait: all coroutines are asleep - deadlock!
after
int(0)
int(0)
int(0)
