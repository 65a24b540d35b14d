--TEST--
Channel::$capacity is readonly (no write, no unset) and no dynamic property can be added
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$ch = new Channel(3);
check(function () use ($ch) { $ch->capacity = 1000; });
check(function () use ($ch) { $ch->capacity++; });
check(function () use ($ch) { unset($ch->capacity); });
check(function () use ($ch) { $ch->foo = 1; });
check(function () { $wg = new Chan\WaitGroup(); $wg->foo = 1; });
var_dump($ch->capacity, $ch->stats()['capacity']);
?>
--EXPECT--
Error: Cannot modify readonly property Chan\Channel::$capacity
Error: Cannot modify readonly property Chan\Channel::$capacity
Error: Cannot unset readonly property Chan\Channel::$capacity
Error: Cannot create dynamic property Chan\Channel::$foo
Error: Cannot create dynamic property Chan\WaitGroup::$foo
int(3)
int(3)
