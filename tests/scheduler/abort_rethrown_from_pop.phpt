--TEST--
An exception escaping a coroutine destroys the others (finally blocks run, never-started ones never run) and is rethrown, the same object, from main's pop()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
$other = new Channel(0);
$thrown = null;
$finally = [];
go(function () use ($other, &$finally) {
    try {
        $other->pop();
        echo "must not resume\n";
    } finally {
        $finally[] = "blocked on pop";
    }
});
go(function () use (&$finally) {
    try {
        while (true) {
            Coroutine::yield();
        }
    } finally {
        $finally[] = "runnable";
    }
});
go(function () use (&$finally) {
    try {
        Coroutine::sleep(10);
        echo "must not resume\n";
    } finally {
        $finally[] = "sleeping";
    }
});
go(function () use (&$thrown) {
    Coroutine::yield();
    go(function () { echo "never started: must not run\n"; });
    $thrown = new RuntimeException("boom", 7);
    throw $thrown;
});
try {
    $ch->pop();
    echo "pop returned\n";
} catch (RuntimeException $e) {
    echo "main caught: ", get_class($e), " ", $e->getMessage(), " ", $e->getCode(), "\n";
    var_dump($e === $thrown);
}
sort($finally);
echo implode(", ", $finally), "\n";
var_dump(Coroutine::count());
Coroutine::yield();
echo "end\n";
?>
--EXPECT--
main caught: RuntimeException boom 7
bool(true)
blocked on pop, runnable, sleeping
int(0)
end
