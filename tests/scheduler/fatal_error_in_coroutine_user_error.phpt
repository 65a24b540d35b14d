--TEST--
A fatal error (E_USER_ERROR) inside a coroutine ends the script with the fatal message: no further coroutine or main code runs, no crash
--EXTENSIONS--
chan
--XLEAK--
After a fatal error PHP skips freeing what the script made; with the Zend
allocator off (valgrind) that shows as leaked blocks. chan unmaps its
stacks in RSHUTDOWN either way.
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
go(function () {
    Coroutine::sleep(10);
    echo "sleeper must not resume\n";
});
go(function () {
    echo "before fatal\n";
    @trigger_error("fatal in coroutine", E_USER_ERROR); // @: no 8.4+ deprecation notice; fatal errors still show
    echo "must not continue\n";
});
go(function () { echo "queued after: must not run\n"; });
(new Channel)->pop();
echo "main must not resume\n";
?>
--EXPECTF--
before fatal

Fatal error: fatal in coroutine in %s on line %d
shutdown function runs
