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
$after = function (string $who) use ($ch) {
    $ok = new Channel(1);
    $ok->push('x');
    $ok->pop();
    Coroutine::sleep(0.001);
    echo "$who: blocking calls after it do not throw\n";
};

$parked = go(function () use ($ch, $after) {
    try {
        $ch->pop();
    } catch (Chan\CancelledException $e) {
        echo "parked: ", get_class($e), "\n";
    }
    $after('parked');
});
$running = go(function () use ($after) {
    var_dump(Coroutine::cancel(Coroutine::id()), Coroutine::cancel(Coroutine::id()), Coroutine::cancel(Coroutine::id()));
    try {
        Coroutine::yield();
    } catch (Chan\CancelledException $e) {
        echo "running: ", get_class($e), "\n";
    }
    $after('running');
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
