--TEST--
A deadlock inside run() throws Chan\DeadlockError from run(), its message naming main (in Chan\run) and the blocked coroutine; that coroutine is destroyed (its finally block runs) before the throw
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel(0);
try {
    $r = Chan\run(function () use ($ch) {
        go(function () use ($ch) {
            try {
                $ch->pop();
            } finally {
                echo "finally of blocked coroutine\n";
            }
        });
        return "result";
    });
    echo "run returned\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo "script goes on\n";
?>
--EXPECTF--
finally of blocked coroutine
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\run] at %srun_deadlock_throws_from_run.php:7
coroutine 2 [Chan\Channel::pop] at %srun_deadlock_throws_from_run.php:10, created at %srun_deadlock_throws_from_run.php:8
script goes on
