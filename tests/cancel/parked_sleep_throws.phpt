--TEST--
A coroutine in Coroutine::sleep() and cancelled gets Chan\CancelledException from sleep() at once, its timer no longer counted: the program does not wait for the sleep to end
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$t = hrtime(true);
$id = go(function () {
    try {
        Coroutine::sleep(60);
        echo "slept\n";
    } catch (Chan\CancelledException $e) {
        echo "sleeper: ", get_class($e), "\n";
    }
});
Coroutine::yield();
Coroutine::cancel($id);
Chan\run(fn () => null);   // returns once every coroutine has finished
// A generous bound: a sleep that was not cancelled takes a minute.
var_dump((hrtime(true) - $t) / 1e9 < 30);
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
sleeper: Chan\CancelledException
bool(true)
live: 0
