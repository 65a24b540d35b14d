--TEST--
A pop that frees a slot moves the first parked pusher's value in and wakes it; the woken pusher never competes again for that slot
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([false, true] as $lock) {
    echo "-- lock ", var_export($lock, true), "\n";
    $ch = new Channel(1, $lock);
    $ch->push('first');
    go(function () use ($ch) {
        echo "pusher parks\n";
        $ch->push('second');
        echo "pusher released\n";
    });
    Coroutine::yield();
    var_dump($ch->stats()['pushers']);
    // A thief queued before the woken pusher would run.
    go(function () use ($ch) {
        var_dump($ch->tryPush('thief'));
        echo "thief done\n";
    });
    $v = $ch->pop();
    echo "main pops: $v\n";
    // The parked pusher's value is already in the slot.
    var_dump(count($ch), $ch->isFull(), $ch->stats()['pushers']);
    Coroutine::yield();
    Coroutine::yield();
    $v = $ch->pop();
    echo "main pops: $v\n";
    var_dump($ch->tryPop());
}
?>
--EXPECT--
-- lock false
pusher parks
int(1)
main pops: first
int(1)
bool(true)
int(0)
bool(false)
thief done
pusher released
main pops: second
bool(false)
-- lock true
pusher parks
int(1)
main pops: first
int(1)
bool(true)
int(0)
bool(false)
thief done
pusher released
main pops: second
bool(false)
