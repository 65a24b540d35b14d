--TEST--
A fatal error inside a coroutine that runs after the script's last line (main not blocked) ends the request cleanly
--EXTENSIONS--
chan
--XLEAK--
After a fatal error PHP skips freeing what the script made; with the Zend
allocator off (valgrind) that shows as leaked objects. chan unmaps its
stacks in RSHUTDOWN either way.
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    try {
        Coroutine::sleep(10);
    } finally {
        echo "finally of a sleeper\n";
    }
});
go(function () {
    Coroutine::yield();
    @trigger_error("fatal after the last line", E_USER_ERROR); // @: no 8.4+ deprecation notice; fatal errors still show
});
go(function () {
    Coroutine::yield();
    Coroutine::yield();
    echo "must not run\n";
});
echo "last line\n";
?>
--EXPECTF--
last line

Fatal error: fatal after the last line in %s on line %d
