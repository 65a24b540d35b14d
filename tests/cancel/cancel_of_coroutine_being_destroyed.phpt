--TEST--
Coroutine::cancel() called from finally blocks run while an abort destroys the coroutines (of itself, of one not yet destroyed, of one never started, of one already destroyed) does nothing harmful: every finally block runs once, nothing is thrown into them, the abort's exception reaches main and the scheduler works afterwards
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ids = [];
$log = [];
$ch = new Channel(0);
for ($i = 0; $i < 4; $i++) {
    $ids[$i] = go(function () use ($i, &$ids, &$log, $ch) {
        try {
            $ch->pop();
        } finally {
            $r = [];
            foreach ($ids as $j => $id) {
                $r[] = "$j:" . json_encode(Coroutine::cancel($id));
            }
            // A blocking call here cannot wait: Chan\Error, as before
            // cancellation existed, and no CancelledException.
            try {
                $ch->pop();
                $pop = "returned";
            } catch (Throwable $e) {
                $pop = get_class($e);
            }
            $log[] = "finally of $i ran (cancel " . implode(' ', $r) . "), its pop: $pop";
        }
    });
}
Coroutine::yield();
go(function () {
    throw new LogicException("abort");
});
$ids[4] = go(function () { echo "never started: must not run\n"; });
try {
    Coroutine::sleep(30);
} catch (LogicException $e) {
    echo "main caught: ", $e->getMessage(), "\n";
}
echo count($log), " log lines\n";
sort($log);   // the order of destruction is not specified
foreach ($log as $line) {
    // Which cancel() calls return true depends on the order of destruction.
    [$before, $rest] = explode(' (cancel ', $line, 2);
    echo $before, ' (cancel ...)', explode(')', $rest, 2)[1], "\n";
}
echo "live: ", Coroutine::count(), "\n";

// Nothing left over: a new coroutine is not cancelled and blocks as usual.
go(function () use ($ch) {
    Coroutine::sleep(0.001);
    echo "afterwards: popped ", $ch->pop(), "\n";
});
$ch->push('value');
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
main caught: abort
4 log lines
finally of 0 ran (cancel ...), its pop: Chan\Error
finally of 1 ran (cancel ...), its pop: Chan\Error
finally of 2 ran (cancel ...), its pop: Chan\Error
finally of 3 ran (cancel ...), its pop: Chan\Error
live: 0
afterwards: popped value
live: 0
