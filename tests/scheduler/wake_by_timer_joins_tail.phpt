--TEST--
Coroutines whose timers expire together are queued in deadline order at the tail of the run queue
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    try {
        $ch->pop(0.03);
    } catch (TimeoutException $e) {
        echo "pop timed out\n";
    }
});
go(function () { Coroutine::sleep(0.01); echo "sleeper 0.01\n"; });
go(function () { Coroutine::sleep(0.02); echo "sleeper 0.02\n"; });
Coroutine::yield(); // all three park
echo "main blocks the process\n";
usleep(100000);     // not a switch point: every deadline passes meanwhile
Coroutine::sleep(0.001); // later deadline than all three
echo "main woken last\n";
?>
--EXPECT--
main blocks the process
sleeper 0.01
sleeper 0.02
pop timed out
main woken last
