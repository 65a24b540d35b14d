--TEST--
Nested run() throws Chan\Error, catchable inside the outer run() which then completes normally
--EXTENSIONS--
chan
--FILE--
<?php
$r = Chan\run(function () {
    try {
        Chan\run(function () { echo "inner function must not run\n"; });
        echo "no exception\n";
    } catch (Chan\Error $e) {
        echo get_class($e), "\n";
    }
    // also from a coroutine spawned inside run()
    Chan\go(function () {
        try {
            Chan\run(fn () => 1);
            echo "no exception\n";
        } catch (Chan\Error $e) {
            echo "from child: ", get_class($e), "\n";
        }
    });
    return "outer result";
});
var_dump($r);
var_dump(Chan\Coroutine::count());
?>
--EXPECT--
Chan\Error
from child: Chan\Error
string(12) "outer result"
int(0)
