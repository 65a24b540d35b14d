--TEST--
Coroutine::cancel() returns true for a live coroutine (parked, runnable, not yet started, already cancelled) and false for a finished or unknown id; exists() is true for main (0) and live coroutines, false for finished, unknown and negative ids; cancel() of 0 or a negative id is a ValueError naming $id
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
$parked = go(function () use ($ch) {
    try {
        $ch->pop();
    } catch (Chan\CancelledException $e) {
        echo "parked: ", $e->getMessage(), "\n";
    }
});
$quick = go(function () { echo "quick ran\n"; });
Coroutine::yield();   // both ran: $parked waits, $quick finished
$never = go(function () { echo "never must not run\n"; });

echo "exists(0): ", json_encode(Coroutine::exists(0)), "\n";
echo "exists(parked): ", json_encode(Coroutine::exists($parked)), "\n";
echo "exists(never): ", json_encode(Coroutine::exists($never)), "\n";
echo "exists(quick, finished): ", json_encode(Coroutine::exists($quick)), "\n";
echo "exists(unknown): ", json_encode(Coroutine::exists(1000)), "\n";
echo "exists(-1): ", json_encode(Coroutine::exists(-1)), "\n";
echo "exists(PHP_INT_MAX): ", json_encode(Coroutine::exists(PHP_INT_MAX)), "\n";

echo "cancel(parked): ", json_encode(Coroutine::cancel($parked)), "\n";
// Woken, not yet run: still live, the cancellation already pending.
echo "exists(parked) after cancel: ", json_encode(Coroutine::exists($parked)), "\n";
echo "cancel(parked) again: ", json_encode(Coroutine::cancel($parked)), "\n";
echo "cancel(never): ", json_encode(Coroutine::cancel($never)), "\n";
echo "cancel(never) again: ", json_encode(Coroutine::cancel($never)), "\n";
echo "cancel(quick, finished): ", json_encode(Coroutine::cancel($quick)), "\n";
echo "cancel(unknown): ", json_encode(Coroutine::cancel(1000)), "\n";
echo "cancel(PHP_INT_MAX): ", json_encode(Coroutine::cancel(PHP_INT_MAX)), "\n";

foreach ([0, -1, PHP_INT_MIN] as $id) {
    try {
        Coroutine::cancel($id);
        echo "cancel($id) returned\n";
    } catch (ValueError $e) {
        echo "cancel($id): ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

Coroutine::yield();
echo "exists(parked) once it ended: ", json_encode(Coroutine::exists($parked)), "\n";
echo "exists(never) once it ended: ", json_encode(Coroutine::exists($never)), "\n";
echo "cancel(parked) once it ended: ", json_encode(Coroutine::cancel($parked)), "\n";
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECTF--
quick ran
exists(0): true
exists(parked): true
exists(never): true
exists(quick, finished): false
exists(unknown): false
exists(-1): false
exists(PHP_INT_MAX): false
cancel(parked): true
exists(parked) after cancel: true
cancel(parked) again: true
cancel(never): true
cancel(never) again: true
cancel(quick, finished): false
cancel(unknown): false
cancel(PHP_INT_MAX): false
cancel(0): ValueError: Chan\Coroutine::cancel(): Argument #1 ($id) must be %s
cancel(-1): ValueError: Chan\Coroutine::cancel(): Argument #1 ($id) must be %s
cancel(%i): ValueError: Chan\Coroutine::cancel(): Argument #1 ($id) must be %s
parked: Coroutine 1 was cancelled
exists(parked) once it ended: false
exists(never) once it ended: false
cancel(parked) once it ended: false
live: 0
