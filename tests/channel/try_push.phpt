--TEST--
tryPush() never waits: true when a slot or a parked popper takes the value, false where push() would wait, Chan\ClosedException when closed
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([false, true] as $lock) {
    $ch = new Channel(2, $lock);
    var_dump($ch->tryPush(1), $ch->tryPush(2), $ch->tryPush(3));
    var_dump(count($ch), $ch->stats()['pushers']);
    var_dump($ch->pop(), $ch->tryPush(4), $ch->pop(), $ch->pop(), $ch->tryPop());
}

$ch = new Channel(0);
var_dump($ch->tryPush('nobody'));
go(function () use ($ch) { $v = $ch->pop(); echo "popper got $v\n"; });
Coroutine::yield();
var_dump($ch->tryPush('somebody'));
echo "tryPush returned\n";
Coroutine::yield();

foreach ([[0, false], [2, false], [2, true]] as [$cap, $lock]) {
    $ch = new Channel($cap, $lock);
    $ch->close();
    try {
        var_dump($ch->tryPush('late'));
    } catch (Chan\ClosedException $e) {
        echo get_class($e), "\n";
    }
    var_dump(count($ch));
}
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
int(2)
int(0)
int(1)
bool(true)
int(2)
int(4)
bool(false)
bool(true)
bool(true)
bool(false)
int(2)
int(0)
int(1)
bool(true)
int(2)
int(4)
bool(false)
bool(false)
bool(true)
tryPush returned
popper got somebody
Chan\ClosedException
int(0)
Chan\ClosedException
int(0)
Chan\ClosedException
int(0)
