--TEST--
Coroutine::count() counts live coroutines (queued, running or blocked), main not included
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

var_dump(Coroutine::count());
$ch = new Channel(0);
go(function () use ($ch) { $ch->pop(); });
go(function () use ($ch) { $ch->pop(); });
go(function () { echo "inside: ", Coroutine::count(), "\n"; });
var_dump(Coroutine::count()); // queued, not started yet
Coroutine::yield();
var_dump(Coroutine::count()); // two blocked on pop, one finished
$ch->push(1);
var_dump(Coroutine::count()); // woken, not yet run
Coroutine::yield();
var_dump(Coroutine::count());
$ch->push(2);
Coroutine::yield();
var_dump(Coroutine::count());
?>
--EXPECT--
int(0)
int(3)
inside: 3
int(2)
int(2)
int(1)
int(0)
