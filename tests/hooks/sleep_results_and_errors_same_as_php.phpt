--TEST--
The sleep family hooked (called in a coroutine) gives exactly what PHP's own functions give (the same calls in main with no coroutine alive): return values (sleep 0, usleep null, time_nanosleep true, time_sleep_until true), the same ValueError messages for sleep(-1), usleep(-1), time_nanosleep(-1, 0), time_nanosleep(0, -1), time_nanosleep(0, 1000000000), the same warning and false for time_sleep_until() in the past, the same TypeError for sleep("x") and time_nanosleep(0, []), the same ArgumentCountError for sleep() and time_nanosleep(1), and the same deprecations for usleep(1.5) and sleep(null)
--EXTENSIONS--
chan
--FILE--
<?php
function outcome(callable $f): string {
    $log = [];
    set_error_handler(function ($no, $msg) use (&$log) {
        $log[] = "error $no: $msg";
        return true;
    });
    try {
        $log[] = "returned " . var_export($f(), true);
    } catch (Throwable $e) {
        $log[] = get_class($e) . ": " . $e->getMessage();
    } finally {
        restore_error_handler();
    }
    return implode(" | ", $log);
}

$calls = [
    'sleep(0)' => fn () => sleep(0),
    'sleep(null)' => fn () => sleep(null),
    'usleep(1)' => fn () => usleep(1),
    'usleep(1.5)' => fn () => usleep(1.5),
    'time_nanosleep(0, 1000)' => fn () => time_nanosleep(0, 1000),
    'time_sleep_until(now + 1)' => fn () => time_sleep_until(microtime(true) + 1),
    'sleep(-1)' => fn () => sleep(-1),
    'usleep(-1)' => fn () => usleep(-1),
    'time_nanosleep(-1, 0)' => fn () => time_nanosleep(-1, 0),
    'time_nanosleep(0, -1)' => fn () => time_nanosleep(0, -1),
    'time_nanosleep(0, 1000000000)' => fn () => time_nanosleep(0, 1000000000),
    'time_sleep_until(now - 10)' => fn () => time_sleep_until(microtime(true) - 10),
    'sleep("x")' => fn () => sleep("x"),
    'time_nanosleep(0, [])' => fn () => time_nanosleep(0, []),
    'sleep()' => fn () => sleep(),
    'time_nanosleep(1)' => fn () => time_nanosleep(1),
];

$php = [];
foreach ($calls as $what => $f) {
    $php[$what] = outcome($f);
}
$hooked = Chan\run(function () use ($calls) {
    $r = [];
    foreach ($calls as $what => $f) {
        $r[$what] = outcome($f);
    }
    return $r;
});
foreach ($calls as $what => $f) {
    echo $what, ": ", $php[$what] === $hooked[$what] ? "same" : "DIFFERENT: PHP's {$php[$what]}, hooked {$hooked[$what]}", "\n";
    echo "  ", $hooked[$what], "\n";
}
?>
--EXPECTF--
sleep(0): same
  returned 0
sleep(null): same
  error 8192: sleep(): Passing null to parameter #1 ($seconds) of type int is deprecated | returned 0
usleep(1): same
  returned NULL
usleep(1.5): same
  error 8192: Implicit conversion from float 1.5 to int loses precision | returned NULL
time_nanosleep(0, 1000): same
  returned true
time_sleep_until(now + 1): same
  returned true
sleep(-1): same
  ValueError: sleep(): Argument #1 ($seconds) must be %s
usleep(-1): same
  ValueError: usleep(): Argument #1 ($microseconds) must be %s
time_nanosleep(-1, 0): same
  ValueError: time_nanosleep(): Argument #1 ($seconds) must be greater than or equal to 0
time_nanosleep(0, -1): same
  ValueError: time_nanosleep(): Argument #2 ($nanoseconds) must be greater than or equal to 0
time_nanosleep(0, 1000000000): same
  ValueError: Nanoseconds was not in the range 0 to 999 999 999 or seconds was negative
time_sleep_until(now - 10): same
  error 2: time_sleep_until(): Argument #1 ($timestamp) must be greater than or equal to the current time | returned false
sleep("x"): same
  TypeError: sleep(): Argument #1 ($seconds) must be of type int, string given
time_nanosleep(0, []): same
  TypeError: time_nanosleep(): Argument #2 ($nanoseconds) must be of type int, array given
sleep(): same
  ArgumentCountError: sleep() expects exactly 1 argument, 0 given
time_nanosleep(1): same
  ArgumentCountError: time_nanosleep() expects exactly 2 arguments, 1 given
