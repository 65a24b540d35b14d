--TEST--
While a signal channel is open nothing is deadlocked: main waiting on the signal channel alone, and a coroutine waiting on it while main waits for the coroutine, are woken by a signal a background process sends later; once it is closed, a wait with nothing else to wake it is a deadlock again
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\{go, signal};

function later(string $sig): void {
    exec('(sleep 0.2; kill -' . $sig . ' ' . getmypid() . ') > /dev/null 2>&1 &');
}

$s = signal(Chan\SIGUSR1, Chan\SIGHUP);
later('USR1');
var_dump($s->pop());

$out = new Chan\Channel(1);
go(function () use ($s, $out) {
    $out->push('coroutine got ' . $s->pop());
});
later('HUP');
var_dump($out->pop());

$s->close();
try {
    (new Chan\Channel())->pop();
} catch (Chan\DeadlockError $e) {
    echo strtok($e->getMessage(), "\n"), "\n";
}
?>
--EXPECT--
int(10)
string(15) "coroutine got 1"
all coroutines are asleep - deadlock!
