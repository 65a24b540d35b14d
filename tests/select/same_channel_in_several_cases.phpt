--TEST--
The same channel may appear in several cases: one value fires exactly one of them, a select never meets itself (send and receive on one unbuffered channel), and every registration is removed afterwards
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

function show(string $name, Channel $ch): void {
    $s = $ch->stats();
    echo "$name: pushers={$s['pushers']} poppers={$s['poppers']} length={$s['length']}\n";
}

// Twice as a receive case: one push fires exactly one case.
$ch = new Channel(0);
go(function () use ($ch) {
    [$k, $v] = select(['r1' => $ch, 'r2' => $ch]);
    echo "fired ", in_array($k, ['r1', 'r2'], true) ? "one receive case" : "?", " with $v\n";
});
Coroutine::yield();
show("parked twice", $ch);
$ch->push('only value');
show("after the push", $ch);
var_dump($ch->tryPush('second'));
Coroutine::yield();

// As a send and a receive case of one select: it cannot meet itself.
var_dump(select(['recv' => $ch, 'send' => [$ch, 'to myself']], 0));
var_dump(select(['recv' => $ch, 'send' => [$ch, 'to myself']], 0.02));
show("after the timeout", $ch);

// Parked on both sides: a pusher fires the receive case...
go(function () use ($ch) {
    $r = select(['recv' => $ch, 'send' => [$ch, 'from select']]);
    echo "select 1: ", json_encode($r), "\n";
});
Coroutine::yield();
show("parked on both sides", $ch);
$ch->push('from push');
show("after the push", $ch);
Coroutine::yield();

// ...and a popper fires the send case.
go(function () use ($ch) {
    $r = select(['recv' => $ch, 'send' => [$ch, 'from select']]);
    echo "select 2: ", json_encode($r), "\n";
});
Coroutine::yield();
echo "pop: ", $ch->pop(), "\n";
show("after the pop", $ch);
Coroutine::yield();

// Buffered, with a value and room: both cases are ready; either may fire.
$b = new Channel(2);
$b->push('buffered');
[$k, $v] = select(['recv' => $b, 'send' => [$b, 'sent']]);
echo $k === 'recv' ? ($v === 'buffered' ? "ok" : "wrong value") : ($v === null && count($b) === 2 ? "ok" : "wrong send"), "\n";
?>
--EXPECT--
parked twice: pushers=0 poppers=2 length=0
after the push: pushers=0 poppers=0 length=0
bool(false)
fired one receive case with only value
NULL
NULL
after the timeout: pushers=0 poppers=0 length=0
parked on both sides: pushers=1 poppers=1 length=0
after the push: pushers=0 poppers=0 length=0
select 1: ["recv","from push",true]
pop: from select
after the pop: pushers=0 poppers=0 length=0
select 2: ["send",null,true]
ok
