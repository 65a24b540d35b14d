--TEST--
PHP's own pcntl_signal() handlers under pcntl_async_signals(true) run while every context waits (the event loop's wait ends for them), not only once the wait ends for another reason: a handler's push wins a select() against a 5 s after(); an exception a handler throws there is thrown by the waiting call; a handler that would wait gets Chan\Error; pcntl_signal() for a signal a channel listens for takes it over, and closing the channel then leaves pcntl's handler in place; a chan signal channel on a signal with a pcntl handler lets both get it; Chan\SIGTERM and the other constants are pcntl's values
--EXTENSIONS--
chan
pcntl
--SKIPIF--
<?php if (!function_exists('pcntl_async_signals')) die('skip needs pcntl_async_signals'); ?>
--FILE--
<?php
use function Chan\{go, signal, after};

function later(string $sig, float $s = 0.1): void {
    exec("(sleep $s; kill -$sig " . getmypid() . ') > /dev/null 2>&1 &');
}

pcntl_async_signals(true);
$c = new Chan\Channel(1);
pcntl_signal(Chan\SIGUSR1, function (int $sig) use ($c) { $c->push("handler $sig"); });
go(fn () => null); // a coroutine exists: main's waits park
later('USR1');
[$key, $value] = Chan\select([$c, 'timer' => after(5)]);
echo "$key: $value\n";

pcntl_signal(Chan\SIGUSR2, function () { throw new RuntimeException('thrown by the handler'); });
later('USR2');
try {
    (new Chan\Channel())->pop(10);
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

$ran = new Chan\Channel(1);
pcntl_signal(Chan\SIGUSR2, function () use ($ran) {
    try {
        (new Chan\Channel())->pop();
    } catch (Chan\Error $e) {
        echo 'in the handler: ', $e->getMessage(), "\n";
    }
    $ran->tryPush(true);
});
later('USR2');
$ran->pop(30); // the handler has run (a slow machine's later() may take a while)

// both: the channel and pcntl's handler
pcntl_signal(Chan\SIGUSR1, function (int $sig) { echo "handler $sig\n"; });
$both = signal(Chan\SIGUSR1);
later('USR1');
$v = $both->pop();
echo "channel $v\n";
$both->close();
var_dump(pcntl_signal_get_handler(Chan\SIGUSR1) instanceof Closure);

// pcntl_signal() after signal() takes the signal over; close() leaves it
$c = signal(Chan\SIGHUP);
pcntl_signal(Chan\SIGHUP, function () { echo "pcntl's HUP\n"; });
$c->close();
posix_kill(getmypid(), Chan\SIGHUP);
var_dump(count($c));
var_dump(Chan\SIGTERM === SIGTERM, Chan\SIGWINCH === SIGWINCH, Chan\SIGCHLD === SIGCHLD);
?>
--EXPECTF--
0: handler 10
RuntimeException: thrown by the handler
in the handler: Cannot switch coroutines in the current execution context
handler 10
channel 10
bool(true)
pcntl's HUP
int(0)
bool(true)
bool(true)
bool(true)
