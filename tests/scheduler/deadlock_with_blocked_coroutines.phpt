--TEST--
Main and every coroutine blocked on one another: main's call throws Chan\DeadlockError whose message lists main and each blocked coroutine with the call it waits in and its file:line; the blocked coroutines are destroyed (finally blocks run) before the throw, so the scheduler is clean afterwards
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$a = new Channel(0);
$b = new Channel(0);
go(function () use ($a, $b) {
    try {
        $v = $a->pop();     // waits for main
        echo "coroutine got $v\n";
        $b->push("reply");
    } finally {
        echo "finally of the coroutine\n";
    }
});
go(fn () => Chan\select([$b]));
try {
    $b->pop();          // nobody will push to $b before $a gets a value
} catch (Chan\DeadlockError $e) {
    echo $e->getMessage(), "\n";
}
var_dump(Coroutine::count(), Coroutine::list(), $a->stats()['poppers'], $b->stats()['poppers']);
go(fn () => $a->push("after"));
echo $a->pop(), "\n";
?>
--EXPECTF--
finally of the coroutine
all coroutines are asleep - deadlock!

main [Chan\Channel::pop] at %sdeadlock_with_blocked_coroutines.php:19
coroutine 1 [Chan\Channel::pop] at %sdeadlock_with_blocked_coroutines.php:10, created at %sdeadlock_with_blocked_coroutines.php:8
coroutine 2 [Chan\select] at %sdeadlock_with_blocked_coroutines.php:17
int(0)
array(0) {
}
int(0)
int(0)
after
