--TEST--
Cancelling again before the cancellation is delivered changes nothing: cancel() returns true each time, exactly one Chan\CancelledException is thrown (for a parked, a running and a never-started coroutine) and the blocking calls after it do not throw
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
// The order of the last three lines comes from these channels, not from
// which coroutine's sleep ends first or whether its timer fires before the
// parked one is woken: the parked one's catch, then "running", then "parked".
$turn = ['running' => new Channel(1), 'parked' => new Channel(1)];
$after = function (string $who, ?string $next = null) use ($turn) {
    $ok = new Channel(1);
    $ok->push('x');
    $ok->pop();
    Coroutine::sleep(0.001);
    $turn[$who]->pop();
    echo "$who: blocking calls after it do not throw\n";
    if ($next !== null) {
        $turn[$next]->push(true);
    }
};

$parked = go(function () use ($ch, $after, $turn) {
    try {
        $ch->pop();
    } catch (Chan\CancelledException $e) {
        echo "parked: ", get_class($e), "\n";
    }
    $turn['running']->push(true);
    $after('parked');
});
$running = go(function () use ($after) {
    var_dump(Coroutine::cancel(Coroutine::id()), Coroutine::cancel(Coroutine::id()), Coroutine::cancel(Coroutine::id()));
    try {
        Coroutine::yield();
    } catch (Chan\CancelledException $e) {
        echo "running: ", get_class($e), "\n";
    }
    $after('running', 'parked');
});
Coroutine::yield();
var_dump(Coroutine::cancel($parked), Coroutine::cancel($parked), Coroutine::cancel($parked));
$never = go(function () { echo "never must not run\n"; });
var_dump(Coroutine::cancel($never), Coroutine::cancel($never));
Chan\run(fn () => null);
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
running: Chan\CancelledException
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
parked: Chan\CancelledException
running: blocking calls after it do not throw
parked: blocking calls after it do not throw
live: 0
