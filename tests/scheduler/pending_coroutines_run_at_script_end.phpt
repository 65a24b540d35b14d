--TEST--
Coroutines still pending when the script ends run to completion before shutdown, after the script's last line
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "earlier shutdown function\n"; });
$ch = new Channel(0);
go(function () use ($ch) {
    echo "consumer starts\n";
    foreach ($ch as $v) {
        echo "got $v\n";
    }
    echo "consumer done\n";
});
go(function () use ($ch) {
    Coroutine::sleep(0.01);
    $ch->push(1);
    Coroutine::sleep(0.01);
    $ch->push(2);
    $ch->close();
    go(function () { echo "spawned during drain\n"; });
});
echo "last line of the script\n";
?>
--EXPECT--
last line of the script
earlier shutdown function
consumer starts
got 1
got 2
consumer done
spawned during drain
