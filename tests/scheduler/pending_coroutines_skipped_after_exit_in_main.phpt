--TEST--
exit() in main with coroutines pending: they never run, and shutdown functions still do
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () {
    echo "shutdown function runs\n";
});
go(function () { echo "never started\n"; });
go(function () {
    echo "started\n";
    try {
        Coroutine::sleep(0.01);
        echo "must not resume\n";
    } finally {
        echo "finally of started coroutine\n";
    }
});
Coroutine::yield();
go(function () { echo "never started either\n"; });
echo "main exits\n";
exit("bye\n");
?>
--EXPECT--
never started
started
main exits
bye
shutdown function runs
