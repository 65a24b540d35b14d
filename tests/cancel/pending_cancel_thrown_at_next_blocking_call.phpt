--TEST--
A running or runnable coroutine that is cancelled (by itself, or by another after a wake-up) goes on running: tryPush(), tryPop(), count(), close(), go() and WaitGroup::add() are no checkpoints; its next blocking call throws Chan\CancelledException on entry even when it would not wait (a push with room, a pop with a value), leaving the channel as it was
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel(4);
$ch->push('kept');
$other = new Channel(1);
$wg = new WaitGroup();

// Cancelled by itself while running.
go(function () use ($ch, $other, $wg) {
    var_dump(Coroutine::cancel(Coroutine::id()));
    echo "still running\n";
    var_dump($ch->tryPush('try-pushed'));
    var_dump($ch->tryPop($v), $v);
    echo "count: ", count($ch), "\n";
    $wg->add(1);
    $wg->done();
    echo "close: ", json_encode($other->close()), "\n";
    go(function () { echo "spawned by the cancelled coroutine runs\n"; });
    try {
        $ch->push('with room');
        echo "push returned\n";
    } catch (Chan\CancelledException $e) {
        echo "push with room: ", get_class($e), "\n";
    }
    echo "buffered: ", count($ch), "\n";
});
Coroutine::yield();
Coroutine::yield();

// Cancelled by main while runnable: woken by a value, not yet running.
$wake = new Channel(0);
$id = go(function () use ($ch, $wake) {
    $w = $wake->pop();
    echo "woken with: $w\n";
    var_dump($ch->tryPop($v), $v);
    try {
        $ch->pop();
        echo "pop returned\n";
    } catch (Chan\CancelledException $e) {
        echo "pop with a value: ", get_class($e), ", buffered: ", count($ch), "\n";
    }
});
Coroutine::yield();
$wake->push('go on');
var_dump(Coroutine::cancel($id));
$ch->push('another');
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
bool(true)
still running
bool(true)
bool(true)
string(4) "kept"
count: 1
close: true
push with room: Chan\CancelledException
buffered: 1
spawned by the cancelled coroutine runs
bool(true)
woken with: go on
bool(true)
string(10) "try-pushed"
pop with a value: Chan\CancelledException, buffered: 1
live: 0
