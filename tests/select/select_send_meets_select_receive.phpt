--TEST--
On an unbuffered channel a coroutine selecting to send and one selecting to receive meet, whichever parks first, with other idle cases on both sides
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

// Each side has its own idle channel, so the only possible match is on $ch.
function sender(Channel $ch, Channel $idle, string $v): void {
    $r = select(['idle' => $idle, 'send' => [$ch, $v]]);
    echo "sender: ", json_encode($r), "\n";
}
function receiver(Channel $ch, Channel $idle): void {
    $r = select(['idle' => $idle, 'recv' => $ch, 'idle send' => [$idle, 'no']]);
    echo "receiver: ", json_encode($r), "\n";
}

foreach (['sender first', 'receiver first'] as $order) {
    echo "-- $order\n";
    $ch = new Channel(0);
    $idleS = new Channel(0);
    $idleR = new Channel(0);
    if ($order === 'sender first') {
        go('sender', $ch, $idleS, 'v1');
        go('receiver', $ch, $idleR);
    } else {
        go('receiver', $ch, $idleR);
        go('sender', $ch, $idleS, 'v2');
    }
    Coroutine::yield();
    Coroutine::yield();
    foreach (['ch' => $ch, 'idleS' => $idleS, 'idleR' => $idleR] as $name => $c) {
        $s = $c->stats();
        echo "$name: pushers={$s['pushers']} poppers={$s['poppers']}\n";
    }
}

// Main selecting to receive, a coroutine selecting to send.
$ch = new Channel(0);
go(fn () => select([[$ch, 'from coroutine']]));
echo json_encode(select([$ch])), "\n";
// Main selecting to send, a coroutine selecting to receive: the receiver
// completes the match and keeps running, main is woken lazily.
go(function () use ($ch) { echo "coroutine got ", select([$ch])[1], "\n"; });
echo json_encode(select([[$ch, 'from main']])), "\n";
Coroutine::yield();
?>
--EXPECT--
-- sender first
receiver: ["recv","v1",true]
sender: ["send",null,true]
ch: pushers=0 poppers=0
idleS: pushers=0 poppers=0
idleR: pushers=0 poppers=0
-- receiver first
sender: ["send",null,true]
receiver: ["recv","v2",true]
ch: pushers=0 poppers=0
idleS: pushers=0 poppers=0
idleR: pushers=0 poppers=0
[0,"from coroutine",true]
coroutine got from main
[0,null,true]
