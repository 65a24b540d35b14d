--TEST--
withTimeout() with negative or NAN $seconds throws ValueError naming $seconds and does not call $fn; a $fn that is not callable is PHP's TypeError
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\withTimeout;

foreach ([-1, -0.001, -INF, NAN] as $s) {
    try {
        withTimeout($s, fn () => print("must not be called\n"));
        echo "returned\n";
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
try {
    withTimeout(1, 'no_such_function');
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// -0.0 is zero: allowed, already passed.
var_dump(withTimeout(-0.0, fn () => 'minus zero is zero'));
?>
--EXPECTF--
ValueError: Chan\withTimeout(): Argument #1 ($seconds) must be %s
ValueError: Chan\withTimeout(): Argument #1 ($seconds) must be %s
ValueError: Chan\withTimeout(): Argument #1 ($seconds) must be %s
ValueError: Chan\withTimeout(): Argument #1 ($seconds) must be %s
TypeError: Chan\withTimeout(): Argument #2 ($fn) must be a valid callback, %s
string(18) "minus zero is zero"
