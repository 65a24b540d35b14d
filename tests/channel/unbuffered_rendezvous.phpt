--TEST--
Capacity 0: push waits until a popper takes the value; isEmpty() and isFull() are both true
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([false, true] as $lock) {
    $ch = new Channel(0, $lock);
    var_dump($ch->isEmpty(), $ch->isFull(), count($ch));
    // Without a popper, a push cannot complete.
    var_dump($ch->tryPush(1));

    go(function () use ($ch) {
        echo "pusher: before push\n";
        $ch->push('x');
        echo "pusher: push returned\n";
    });
    Coroutine::yield();
    Coroutine::yield();
    echo "main: pusher still parked: ", $ch->stats()['pushers'], "\n";
    var_dump($ch->isEmpty(), $ch->isFull(), count($ch));
    var_dump($ch->pop());
    Coroutine::yield();
    var_dump($ch->isEmpty(), $ch->isFull(), count($ch));
}
?>
--EXPECT--
bool(true)
bool(true)
int(0)
bool(false)
pusher: before push
main: pusher still parked: 1
bool(true)
bool(true)
int(0)
string(1) "x"
pusher: push returned
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
int(0)
bool(false)
pusher: before push
main: pusher still parked: 1
bool(true)
bool(true)
int(0)
string(1) "x"
pusher: push returned
bool(true)
bool(true)
int(0)
