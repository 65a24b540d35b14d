--TEST--
What run() leaves behind: when it returns, every coroutine has finished (those started before run() and by others, sleepers included); when it throws Chan\DeadlockError or an exception escaping a coroutine, every other coroutine is already destroyed (finally blocks of parked and runnable ones ran, newest first; queued never-started ones never run) and the next run() starts clean; when a withTimeout() deadline around run() throws, the coroutines stay queued or parked and go on at main's next blocking call
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

echo "-- returns\n";
$done = [];
go(function () use (&$done) { Coroutine::sleep(0.01); $done[] = 'sleeper started before run()'; });
var_dump(Chan\run(function () use (&$done) {
    go(function () use (&$done) { Coroutine::yield(); $done[] = 'child'; });
    return 'result';
}));
sort($done);
echo implode(', ', $done), "\n";
var_dump(Coroutine::count());

echo "-- DeadlockError\n";
$ch = new Channel();
$wg = new WaitGroup();
$wg->add(1);
try {
    Chan\run(function () use ($ch, $wg) {
        go(function () use ($ch) { try { $ch->pop(); } finally { echo "finally: pop\n"; } });
        go(function () use ($wg) { try { $wg->wait(); } finally { echo "finally: wait\n"; } });
        go(function () use ($ch) { try { Chan\select([$ch, [$ch, 'x']]); } finally { echo "finally: select\n"; } });
        $ch->pop();
    });
} catch (Chan\DeadlockError $e) {
    echo strtok($e->getMessage(), "\n"), "\n";
}
var_dump(Coroutine::count());
var_dump(Chan\run(fn() => 'next run() is clean'));

echo "-- an exception escapes a coroutine\n";
try {
    Chan\run(function () use ($ch) {
        go(function () use ($ch) { try { $ch->pop(); } finally { echo "finally: parked\n"; } });
        go(function () { try { while (true) { Coroutine::yield(); } } finally { echo "finally: runnable\n"; } });
        Coroutine::yield();
        go(function () { echo "never started: must not run\n"; });
        throw new RuntimeException('escaped');
    });
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
var_dump(Coroutine::count());
var_dump(Chan\run(fn() => 'next run() is clean'));

echo "-- a deadline around run()\n";
// Both coroutines wait until main lets them go on (FIFO: run()'s coroutine
// parks first), not for a time that a slow machine could outlast.
$goOn = new Channel(0);
try {
    Chan\withTimeout(0.2, function () use ($goOn) {
        Chan\run(function () use ($goOn) {
            go(function () use ($goOn) { $goOn->pop(); echo "child goes on after the deadline\n"; });
            $goOn->pop();
            echo "run()'s coroutine goes on after the deadline\n";
        });
    });
} catch (Chan\TimeoutException $e) {
    echo "deadline: ", $e->getMessage(), "\n";
}
var_dump(Coroutine::count());
$goOn->push(1);   // both are parked in pop(): no wait, no switch
$goOn->push(2);
var_dump(Chan\run(fn() => 'the next run() waits for them'));
var_dump(Coroutine::count());
?>
--EXPECT--
-- returns
string(6) "result"
child, sleeper started before run()
int(0)
-- DeadlockError
finally: select
finally: wait
finally: pop
all coroutines are asleep - deadlock!
int(0)
string(19) "next run() is clean"
-- an exception escapes a coroutine
finally: runnable
finally: parked
caught: escaped
int(0)
string(19) "next run() is clean"
-- a deadline around run()
deadline: The deadline of Chan\withTimeout() has passed
int(2)
run()'s coroutine goes on after the deadline
child goes on after the deadline
string(29) "the next run() waits for them"
int(0)
