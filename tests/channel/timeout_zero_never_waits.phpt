--TEST--
A zero timeout never waits: push/pop succeed when they need not wait and throw Chan\TimeoutException when they would
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;
use function Chan\go;

function attempt(string $what, callable $fn): void {
    try {
        $r = $fn();
        echo "$what: ok ", var_export($r, true), "\n";
    } catch (TimeoutException $e) {
        echo "$what: ", get_class($e), "\n";
    }
}

foreach ([false, true] as $lock) {
    echo "-- buffered, lock ", var_export($lock, true), "\n";
    $ch = new Channel(1, $lock);
    attempt('pop empty', fn () => $ch->pop(0));
    attempt('push free', fn () => $ch->push('a', 0));
    attempt('push full', fn () => $ch->push('b', 0));
    attempt('pop one', fn () => $ch->pop(0));
    var_dump(count($ch), $ch->stats()['pushers'], $ch->stats()['poppers']);
}

echo "-- unbuffered\n";
$ch = new Channel(0);
attempt('push no popper', fn () => $ch->push('x', 0));
attempt('pop no pusher', fn () => $ch->pop(0));
go(function () use ($ch) { $v = $ch->pop(); echo "popper got ", var_export($v, true), "\n"; });
Coroutine::yield();
attempt('push to parked popper', fn () => $ch->push('handed', 0));
Coroutine::yield();
go(function () use ($ch) { $ch->push('offered'); echo "pusher released\n"; });
Coroutine::yield();
attempt('pop from parked pusher', fn () => $ch->pop(0));
Coroutine::yield();
?>
--EXPECT--
-- buffered, lock false
pop empty: Chan\TimeoutException
push free: ok NULL
push full: Chan\TimeoutException
pop one: ok 'a'
int(0)
int(0)
int(0)
-- buffered, lock true
pop empty: Chan\TimeoutException
push free: ok NULL
push full: Chan\TimeoutException
pop one: ok 'a'
int(0)
int(0)
int(0)
-- unbuffered
push no popper: Chan\TimeoutException
pop no pusher: Chan\TimeoutException
push to parked popper: ok NULL
popper got 'handed'
pop from parked pusher: ok 'offered'
pusher released
