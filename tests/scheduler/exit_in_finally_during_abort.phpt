--TEST--
exit() from a finally block run while a coroutine is destroyed by an abort still ends the script: main does not resume
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
go(function () {
    try {
        Coroutine::sleep(10);
    } finally {
        echo "finally exits\n";
        exit("exit message\n");
    }
});
go(function () {
    Coroutine::yield();
    throw new Exception("abort");
});
try {
    Coroutine::sleep(10);
} catch (Exception $e) {
    echo "main must not resume: caught ", $e->getMessage(), "\n";
}
echo "main must not go on\n";
?>
--EXPECT--
finally exits
exit message
shutdown function runs
