--TEST--
exit() inside a coroutine ends the script as exit() does: its message is printed, no further coroutine runs, shutdown functions still run
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () {
    echo "shutdown function runs\n";
});
$ch = new Channel(0);
go(function () {
    echo "A runs\n";
    Coroutine::yield();
    echo "A must not resume\n";
});
go(function () {
    echo "B exits\n";
    go(function () { echo "spawned before exit: must not run\n"; });
    exit("exit message\n");
});
go(function () { echo "C queued behind B: must not run\n"; });
$ch->pop();
echo "main must not resume\n";
?>
--EXPECT--
A runs
B exits
exit message
shutdown function runs
