--TEST--
Under strict_types, scalars of the wrong type are refused with TypeError naming the argument (no coercion)
--EXTENSIONS--
chan
--FILE--
<?php
declare(strict_types=1);

use Chan\{Channel, WaitGroup, Coroutine};

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}

$ch = new Channel(1);
$wg = new WaitGroup();
check(fn() => new Channel("1"));
check(fn() => new Channel(1.0));
check(fn() => new Channel(1, 1));
check(fn() => $ch->push(1, "1"));
check(fn() => $ch->pop("1"));
check(fn() => new WaitGroup("1"));
check(fn() => $wg->add(1.0));
check(fn() => $wg->wait("1"));
check(fn() => Coroutine::sleep("0"));
// int -> float is allowed even in strict mode.
$ch->push(1, 0);
var_dump($ch->pop(1));
?>
--EXPECT--
Chan\Channel::__construct(): Argument #1 ($capacity) must be of type int, string given
Chan\Channel::__construct(): Argument #1 ($capacity) must be of type int, float given
Chan\Channel::__construct(): Argument #2 ($lock) must be of type bool, int given
Chan\Channel::push(): Argument #2 ($timeout) must be of type ?float, string given
Chan\Channel::pop(): Argument #1 ($timeout) must be of type ?float, string given
Chan\WaitGroup::__construct(): Argument #1 ($count) must be of type int, string given
Chan\WaitGroup::add(): Argument #1 ($delta) must be of type int, float given
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be of type ?float, string given
Chan\Coroutine::sleep(): Argument #1 ($seconds) must be of type float, string given
int(1)
