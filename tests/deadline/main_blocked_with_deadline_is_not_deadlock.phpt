--TEST--
withTimeout() works in main: main blocked with nothing else able to run (a pop nobody answers, a WaitGroup nobody completes, an empty select) is not a deadlock while a deadline is set: the deadline fires with Chan\TimeoutException instead of Chan\DeadlockError; without withTimeout() it is a deadlock
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\WaitGroup;
use function Chan\withTimeout;

$calls = [
    'pop' => fn () => (new Channel(0))->pop(),
    'WaitGroup::wait' => fn () => (new WaitGroup(1))->wait(),
    'empty select' => fn () => Chan\select([]),
];
foreach ($calls as $name => $call) {
    try {
        withTimeout(0.05, $call);
        echo "$name returned\n";
    } catch (Chan\Exception | Chan\Error $e) {
        echo "$name: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// With coroutines parked forever too.
$ch = new Channel(0);
Chan\go(function () use ($ch) {
    try {
        $ch->pop();
    } finally {
        echo "parked coroutine destroyed by the deadlock\n";
    }
});
try {
    withTimeout(0.05, fn () => (new Channel(0))->pop());
} catch (Chan\Exception | Chan\Error $e) {
    echo "with a parked coroutine: ", get_class($e), "\n";
}
try {
    (new Channel(0))->pop();
} catch (Chan\Exception | Chan\Error $e) {
    echo "without a deadline: ", get_class($e), "\n";
}
?>
--EXPECT--
pop: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
WaitGroup::wait: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
empty select: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
with a parked coroutine: Chan\TimeoutException
parked coroutine destroyed by the deadlock
without a deadline: Chan\DeadlockError
