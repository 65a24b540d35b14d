--TEST--
withTimeout(0.2, ...) around sleep(30), usleep(30000000), time_nanosleep(30, 0) or time_sleep_until(now + 30) made in a coroutine throws Chan\TimeoutException from the parked call (the code after it inside $fn does not run); the same in main while a coroutine lives; the whole run ends long before any of those sleeps would
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

$t = hrtime(true);
$calls = [
    'sleep' => fn () => sleep(30),
    'usleep' => fn () => usleep(30000000),
    'time_nanosleep' => fn () => time_nanosleep(30, 0),
    'time_sleep_until' => fn () => time_sleep_until(microtime(true) + 30),
];
function attempt(string $where, string $name, callable $call): void {
    try {
        withTimeout(0.2, function () use ($call, $name) {
            $call();
            echo "$name: not interrupted\n";
        });
        echo "$where $name: no exception\n";
    } catch (Chan\TimeoutException $e) {
        echo "$where $name: ", get_class($e), "\n";
    }
}
Chan\run(function () use ($calls) {
    foreach ($calls as $name => $call) {
        attempt('coroutine', $name, $call);
    }
});
$ch = new Chan\Channel();
go(fn () => $ch->pop());   // alive, parked until main pushes
foreach ($calls as $name => $call) {
    attempt('main', $name, $call);
}
$ch->push(1);
Chan\run(fn () => null);
// A generous bound: a sleep that was not interrupted takes 30 s.
var_dump((hrtime(true) - $t) / 1e9 < 25);
?>
--EXPECT--
coroutine sleep: Chan\TimeoutException
coroutine usleep: Chan\TimeoutException
coroutine time_nanosleep: Chan\TimeoutException
coroutine time_sleep_until: Chan\TimeoutException
main sleep: Chan\TimeoutException
main usleep: Chan\TimeoutException
main time_nanosleep: Chan\TimeoutException
main time_sleep_until: Chan\TimeoutException
bool(true)
