--TEST--
When a coroutine ends and the next in line has never run, it runs on the same context in place: a thousand short coroutines cost two context switches, not two thousand, and still run in FIFO order
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;
use Chan\Coroutine;

$order = [];
for ($i = 0; $i < 1000; $i++) {
    go(function () use ($i, &$order) { $order[] = $i; });
}
$before = Coroutine::stats()['switches'];
Coroutine::yield();   // main goes to the tail: all thousand run first
$after = Coroutine::stats()['switches'];

var_dump($order === range(0, 999));
var_dump(Coroutine::count());
var_dump($after - $before);

// A coroutine that blocks keeps its context; the next new one gets another.
$ch = new Chan\Channel();
go(function () use ($ch) { $v = $ch->pop(); echo "A got $v\n"; });
go(function () use ($ch) { echo "B pushes\n"; $ch->push(1); });
Coroutine::yield();
?>
--EXPECT--
bool(true)
int(0)
int(2)
B pushes
A got 1
