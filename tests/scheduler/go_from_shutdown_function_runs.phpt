--TEST--
A coroutine spawned by a shutdown function is pending at script end too: it runs to completion before the request shuts down
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () {
    echo "shutdown function\n";
    go(function () {
        echo "coroutine from shutdown function\n";
        Coroutine::sleep(0.01);
        echo "it completes\n";
    });
});
echo "last line\n";
?>
--EXPECT--
last line
shutdown function
coroutine from shutdown function
it completes
