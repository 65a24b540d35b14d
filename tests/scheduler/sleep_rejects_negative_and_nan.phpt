--TEST--
Coroutine::sleep() with a negative or NAN argument throws ValueError naming $seconds, in main and in a coroutine
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

function try_sleep(float $s) {
    try {
        Coroutine::sleep($s);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
try_sleep(-1);
try_sleep(-0.001);
try_sleep(NAN);
try_sleep(-INF);
Chan\run(function () {
    try_sleep(-2.5);
    try_sleep(NAN);
    echo "coroutine goes on\n";
});
try {
    Coroutine::sleep("abc");
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0
coroutine goes on
TypeError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be of type float, string given
