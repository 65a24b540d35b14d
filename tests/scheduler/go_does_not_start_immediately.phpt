--TEST--
go() only queues the coroutine: it starts when main blocks, yields or ends, not inside go()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () { echo "coroutine 1\n"; });
echo "after go 1\n";
echo "main still running\n";
Coroutine::yield();
echo "main after yield\n";

go(function () { echo "coroutine 2\n"; });
echo "after go 2\n";
$ch = new Chan\Channel(1);
go(function () use ($ch) { echo "coroutine 3\n"; $ch->push("x"); });
echo "after go 3\n";
echo $ch->pop(), "\n";

go(function () { echo "coroutine 4\n"; });
echo "last line\n";
?>
--EXPECT--
after go 1
main still running
coroutine 1
main after yield
after go 2
after go 3
coroutine 2
coroutine 3
x
last line
coroutine 4
