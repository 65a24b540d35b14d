--TEST--
A pusher parked on a full channel, woken by pop(), goes to the tail of the run queue; the popper keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(2);
$ch->push(1);
$ch->push(2);
go(function () use ($ch) {
    echo "pusher waits\n";
    $ch->push(3);
    echo "pusher resumed\n";
});
go(function () {
    Coroutine::yield(); // queued again before the pusher is woken
    echo "other runs\n";
});
go(function () use ($ch) {
    $v = $ch->pop();
    echo "popped $v\n";
    echo "popper keeps running\n";
    Coroutine::yield();
    $v = $ch->pop();
    echo "popped $v\n";
    $v = $ch->pop();
    echo "popped $v\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
pusher waits
popped 1
popper keeps running
other runs
pusher resumed
popped 2
popped 3
