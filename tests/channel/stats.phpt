--TEST--
stats() reports capacity, length, parked pushers and poppers, closed and the ring ('lockfree' or 'mutex')
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

function show(Channel $ch): void {
    $s = $ch->stats();
    echo implode(',', array_keys($s)), ' | ';
    echo json_encode($s), "\n";
}

foreach ([false, true] as $lock) {
    $ch = new Channel(2, $lock);
    show($ch);
    $ch->push(1);
    show($ch);
    $ch->push(2);
    go(fn () => $ch->push(3));
    go(fn () => $ch->push(4));
    Coroutine::yield();
    show($ch);
    $ch->pop(); $ch->pop(); $ch->pop(); $ch->pop();
    Coroutine::yield();
    go(fn () => $ch->pop());
    Coroutine::yield();
    show($ch);
    $ch->push('x');
    Coroutine::yield();
    $ch->close();
    show($ch);
}

$ch = new Channel(0);
go(function () use ($ch) { try { $ch->pop(); } catch (Chan\ClosedException) {} });
go(function () use ($ch) { try { $ch->pop(); } catch (Chan\ClosedException) {} });
Coroutine::yield();
show($ch);
$ch->close();
show($ch);
Coroutine::yield();
?>
--EXPECT--
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":0,"closed":false,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":1,"pushers":0,"poppers":0,"closed":false,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":2,"pushers":2,"poppers":0,"closed":false,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":1,"closed":false,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":0,"closed":true,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":0,"closed":false,"queue":"mutex"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":1,"pushers":0,"poppers":0,"closed":false,"queue":"mutex"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":2,"pushers":2,"poppers":0,"closed":false,"queue":"mutex"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":1,"closed":false,"queue":"mutex"}
capacity,length,pushers,poppers,closed,queue | {"capacity":2,"length":0,"pushers":0,"poppers":0,"closed":true,"queue":"mutex"}
capacity,length,pushers,poppers,closed,queue | {"capacity":0,"length":0,"pushers":0,"poppers":2,"closed":false,"queue":"lockfree"}
capacity,length,pushers,poppers,closed,queue | {"capacity":0,"length":0,"pushers":0,"poppers":0,"closed":true,"queue":"lockfree"}
