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
--EXPECTF--
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\Channel::pop] at %sdeadlock_in_main_throws.php:8
bool(true)
bool(true)
push: all coroutines are asleep - deadlock!

main [Chan\Channel::push] at %sdeadlock_in_main_throws.php:16
wait: all coroutines are asleep - deadlock!

main [Chan\WaitGroup::wait] at %sdeadlock_in_main_throws.php:23
after
int(0)
int(0)
int(0)
