--TEST--
A coroutine parked in push() (unbuffered, or on a full buffer, either queue) and cancelled gets Chan\CancelledException from push(), leaves the channel's pushers, and its value is never delivered: a later pop gets only the values pushed before and after, and the value is released
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Tracked {
    public static int $released = 0;
    public function __construct(public string $name) {}
    public function __destruct() { self::$released++; }
}

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    echo "-- capacity $cap", $lock ? " (mutex)" : "", "\n";
    Tracked::$released = 0;
    $ch = new Channel($cap, $lock);
    if ($cap) {
        $ch->push('before');
    }
    $id = go(function () use ($ch) {
        try {
            $ch->push(new Tracked('cancelled value'));
            echo "push returned\n";
        } catch (Chan\CancelledException $e) {
            echo "pusher: ", $e->getMessage() === "Coroutine " . Coroutine::id() . " was cancelled" ? "cancelled" : $e->getMessage(), "\n";
        }
    });
    Coroutine::yield();
    echo "parked pushers: ", $ch->stats()['pushers'], "\n";
    var_dump(Coroutine::cancel($id));
    // Unlinked at once, before the pusher even runs again.
    echo "pushers after cancel: ", $ch->stats()['pushers'], ", length: ", count($ch), "\n";
    Coroutine::yield();
    echo "released: ", Tracked::$released, "\n";

    go(fn () => $ch->push('after'));
    $got = [];
    $got[] = $ch->pop();
    if ($cap) {
        $got[] = $ch->pop();
    }
    echo "popped: ", implode(', ', array_map(fn ($v) => is_object($v) ? $v->name : $v, $got)), "\n";
    var_dump($ch->tryPop($v));
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
-- capacity 0
parked pushers: 1
bool(true)
pushers after cancel: 0, length: 0
pusher: cancelled
released: 1
popped: after
bool(false)
-- capacity 1
parked pushers: 1
bool(true)
pushers after cancel: 0, length: 1
pusher: cancelled
released: 1
popped: before, after
bool(false)
-- capacity 1 (mutex)
parked pushers: 1
bool(true)
pushers after cancel: 0, length: 1
pusher: cancelled
released: 1
popped: before, after
bool(false)
live: 0
