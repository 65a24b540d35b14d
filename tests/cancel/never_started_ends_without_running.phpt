--TEST--
A coroutine cancelled before it started ends without running its function: nothing of it runs, what it captured and its arguments are released, it no longer counts as live, and coroutines queued around it run as usual
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

class Tracked {
    public static array $released = [];
    public function __construct(public string $name) {}
    public function __destruct() { self::$released[] = $this->name; }
}

go(function () { echo "before runs\n"; });
$captured = new Tracked('captured');
$id = go(function (Tracked $arg) use ($captured) {
    echo "must not run\n";
}, new Tracked('argument'));
unset($captured);
go(function () { echo "after runs\n"; });
echo "live: ", Coroutine::count(), "\n";
var_dump(Coroutine::cancel($id));
echo "still live until the scheduler gets to it: ", Coroutine::count(), "\n";
Coroutine::yield();
sort(Tracked::$released);
echo "released: ", implode(', ', Tracked::$released), "\n";
echo "exists: ", json_encode(Coroutine::exists($id)), ", live: ", Coroutine::count(), "\n";

// Cancelled before it started by a coroutine that ran first, at script end.
$victim = null;
go(function () use (&$victim) {
    echo "canceller: ", json_encode(Coroutine::cancel($victim)), "\n";
});
$victim = go(function () { echo "victim must not run\n"; });
echo "last line\n";
?>
--EXPECT--
live: 3
bool(true)
still live until the scheduler gets to it: 3
before runs
after runs
released: argument, captured
exists: false, live: 0
last line
canceller: true
