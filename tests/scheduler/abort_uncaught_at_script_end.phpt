--TEST--
An exception escaping a coroutine while main is not blocked (script end) is reported as PHP's usual uncaught-exception fatal error; its trace is the coroutine's (its function's frame named by the file and line of the go() that created it), then where main was: the end-of-script drain
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    try {
        Coroutine::sleep(10);
    } finally {
        echo "finally of sleeper\n";
    }
});
go(function () {
    Coroutine::yield();
    throw new RuntimeException("escaped at script end");
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
finally of sleeper

Fatal error: Uncaught RuntimeException: escaped at script end in %s:%d
Stack trace:
#0 %s(12): {closure%S}()
#1 [internal function]: Chan\Coroutine::drain()
#2 {main}
  thrown in %s on line %d
