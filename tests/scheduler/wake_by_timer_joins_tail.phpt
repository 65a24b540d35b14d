--TEST--
Coroutines whose timers expire together are queued in deadline order at the tail of the run queue
--EXTENSIONS--
chan
--INI--
; usleep() must block the whole process here, not park main
chan.hooks=none
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;
use function Chan\go;

// Each deadline is $s after a common moment (the first timer set, plus 0.5 s
// for all three to be set), so a coroutine that starts late (the first run
// of code under valgrind can take 100 ms and more) keeps its deadline's place.
$first = null;
$left = function (float $s) use (&$first): float {
    $first ??= hrtime(true);
    return max(0, 0.5 + $s - (hrtime(true) - $first) / 1e9);
};
$ch = new Channel(0);
go(function () use ($ch, $left) {
    try {
        $ch->pop($left(0.3));
    } catch (TimeoutException $e) {
        echo "pop timed out\n";
    }
});
go(function () use ($left) { Coroutine::sleep($left(0.1)); echo "sleeper 0.1\n"; });
go(function () use ($left) { Coroutine::sleep($left(0.2)); echo "sleeper 0.2\n"; });
Coroutine::yield(); // all three park
echo "main blocks the process\n";
usleep(1000000);    // not a switch point: every deadline (0.8 s at most) passes meanwhile
Coroutine::sleep(0.001); // later deadline than all three
echo "main woken last\n";
?>
--EXPECT--
main blocks the process
sleeper 0.1
sleeper 0.2
pop timed out
main woken last
