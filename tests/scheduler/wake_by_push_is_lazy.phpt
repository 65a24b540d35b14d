--TEST--
A popper woken by push() goes to the tail of the run queue; the pusher keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    echo "popper waits\n";
    $v = $ch->pop();
    echo "popper got $v\n";
});
go(function () use ($ch) {
    Coroutine::yield(); // let the popper park first
    echo "other runs\n";
    Coroutine::yield();
    echo "other again\n";
});
go(function () use ($ch) {
    $ch->push("v");
    echo "pusher keeps running\n";
    Coroutine::yield();
    echo "pusher after yield\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
popper waits
pusher keeps running
other runs
popper got v
pusher after yield
other again
