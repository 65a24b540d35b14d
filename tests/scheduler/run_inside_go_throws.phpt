--TEST--
run() called from inside a go() coroutine (no run() active) throws Chan\Error
--EXTENSIONS--
chan
--FILE--
<?php
Chan\go(function () {
    try {
        Chan\run(function () { echo "must not run\n"; });
        echo "no exception\n";
    } catch (Chan\Error $e) {
        echo get_class($e), "\n";
    }
    echo "coroutine goes on\n";
});
Chan\Coroutine::yield();
var_dump(Chan\Coroutine::count());
echo "main goes on\n";
?>
--EXPECT--
Chan\Error
coroutine goes on
int(0)
main goes on
