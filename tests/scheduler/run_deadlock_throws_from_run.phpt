--TEST--
A deadlock inside run() throws Chan\DeadlockError from run(); the coroutines left blocked are destroyed at script end
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
Chan\DeadlockError: all coroutines are asleep - deadlock!
script goes on

Warning: %s1 coroutine %s in %s on line %d
finally of blocked coroutine
