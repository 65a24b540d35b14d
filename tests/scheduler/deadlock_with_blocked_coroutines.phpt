--TEST--
Main and every coroutine blocked on one another: main's call throws Chan\DeadlockError; the blocked coroutines stay blocked and main can still unblock them
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
    $v = $a->pop();     // waits for main
    echo "coroutine got $v\n";
    $b->push("reply");
});
try {
    $b->pop();          // nobody will push to $b before $a gets a value
} catch (Chan\DeadlockError $e) {
    echo $e->getMessage(), "\n";
}
var_dump(Coroutine::count());
$a->push("request");
$v = $b->pop();
echo "main got $v\n";
var_dump(Coroutine::count());
?>
--EXPECT--
all coroutines are asleep - deadlock!
int(1)
coroutine got request
main got reply
int(0)
