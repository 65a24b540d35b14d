--TEST--
A negative capacity or one above Channel::MAX_CAPACITY throws ValueError naming $capacity, for both rings; a non-integer one TypeError
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

var_dump(Channel::MAX_CAPACITY >= 2 ** 24);
foreach ([false, true] as $lock) {
    foreach ([-1, PHP_INT_MIN, Channel::MAX_CAPACITY + 1, PHP_INT_MAX] as $cap) {
        try {
            new Channel($cap, $lock);
            echo "no exception for $cap\n";
        } catch (ValueError $e) {
            var_dump(str_contains($e->getMessage(), '$capacity'));
        }
    }
}
try {
    new Channel('big');
} catch (TypeError $e) {
    var_dump(str_contains($e->getMessage(), '$capacity'));
}
echo "alive\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
alive
