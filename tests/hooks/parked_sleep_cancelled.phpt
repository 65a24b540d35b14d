--TEST--
Coroutine::cancel() of a coroutine parked in sleep(30), usleep(30000000), time_nanosleep(30, 0) or time_sleep_until(now + 30) ends the call at once with Chan\CancelledException ("Coroutine N was cancelled"); cancel is done from main after a yield, and the whole run ends long before any of those sleeps would
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$t = hrtime(true);
$calls = [
    'sleep' => fn () => sleep(30),
    'usleep' => fn () => usleep(30000000),
    'time_nanosleep' => fn () => time_nanosleep(30, 0),
    'time_sleep_until' => fn () => time_sleep_until(microtime(true) + 30),
];
$ids = [];
foreach ($calls as $name => $call) {
    $ids[$name] = go(function () use ($name, $call) {
        try {
            $r = $call();
            echo "$name returned ", var_export($r, true), "\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), ": ", $e->getMessage() === "Coroutine " . Coroutine::id() . " was cancelled" ? "own id" : $e->getMessage(), "\n";
        }
    });
}
Coroutine::yield();   // every coroutine is now parked in its sleep
foreach ($ids as $id) {
    var_dump(Coroutine::cancel($id));
}
Chan\run(fn () => null);
// A generous bound: a sleep that was not cancelled takes 30 s.
var_dump((hrtime(true) - $t) / 1e9 < 25);
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
sleep: Chan\CancelledException: own id
usleep: Chan\CancelledException: own id
time_nanosleep: Chan\CancelledException: own id
time_sleep_until: Chan\CancelledException: own id
bool(true)
live: 0
