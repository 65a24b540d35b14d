--TEST--
A select and a plain push()/pop() meet in every combination (select parked or the plain call parked, unbuffered or buffered), and waking is lazy as for push and pop
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

foreach ([0, 1] as $cap) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap);
    $idle = new Channel(0);

    // A parked select receive is handed the value of a plain push.
    go(function () use ($ch, $idle) {
        $r = select([$idle, $ch]);
        echo "select got ", json_encode($r), "\n";
    });
    Coroutine::yield();
    $ch->push('push to a parked select');
    echo "pusher goes on first\n";
    Coroutine::yield();

    // A parked select send gives its value to a plain pop (and for a
    // buffered channel, only once the buffer has room).
    if ($cap) {
        $ch->push('filler');
    }
    go(function () use ($ch, $idle) {
        $r = select([$idle, [$ch, 'from a parked select']]);
        echo "select sent ", json_encode($r), "\n";
    });
    Coroutine::yield();
    if ($cap) {
        $v = $ch->pop();
        echo "pop: $v\n";
    }
    $v = $ch->pop();
    echo "pop: $v\n";
    echo "popper goes on first\n";
    Coroutine::yield();

    // A parked plain pusher is taken by a select receive.
    go(function () use ($ch) {
        for ($i = 0; $i <= $ch->capacity; $i++) {
            $ch->push("plain push $i");
        }
        echo "plain pusher done\n";
    });
    Coroutine::yield();
    for ($i = 0; $i <= $ch->capacity; $i++) {
        $r = select([$idle, $ch]);
        echo "select got ", json_encode($r), "\n";
    }
    Coroutine::yield();

    // A parked plain popper takes the value of a select send.
    go(function () use ($ch) {
        $v = $ch->pop();
        echo "plain pop: $v\n";
    });
    Coroutine::yield();
    $r = select([$idle, [$ch, 'to a parked pop']]);
    echo "select sent ", json_encode($r), "\n";
    Coroutine::yield();
    foreach ([$ch, $idle] as $c) {
        $s = $c->stats();
        echo "pushers={$s['pushers']} poppers={$s['poppers']} length={$s['length']}\n";
    }
}
?>
--EXPECT--
-- capacity 0
pusher goes on first
select got [1,"push to a parked select",true]
pop: from a parked select
popper goes on first
select sent [1,null,true]
select got [1,"plain push 0",true]
plain pusher done
select sent [1,null,true]
plain pop: to a parked pop
pushers=0 poppers=0 length=0
pushers=0 poppers=0 length=0
-- capacity 1
pusher goes on first
select got [1,"push to a parked select",true]
pop: filler
pop: from a parked select
popper goes on first
select sent [1,null,true]
select got [1,"plain push 0",true]
select got [1,"plain push 1",true]
plain pusher done
select sent [1,null,true]
plain pop: to a parked pop
pushers=0 poppers=0 length=0
pushers=0 poppers=0 length=0
