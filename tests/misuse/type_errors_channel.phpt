--TEST--
Channel: an argument of the wrong type throws TypeError naming the argument, for every typed parameter of every method
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (TypeError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$ch = new Channel(1);
check(fn() => new Channel("abc"));
check(fn() => new Channel([]));
check(fn() => new Channel(new stdClass));
check(fn() => new Channel(1, []));
check(fn() => new Channel(1, new stdClass));
check(fn() => $ch->push(1, "abc"));
check(fn() => $ch->push(1, []));
check(fn() => $ch->pop("abc"));
check(fn() => $ch->pop(new stdClass));
// Nothing was pushed by the failed calls.
var_dump(count($ch));
?>
--EXPECT--
TypeError: Chan\Channel::__construct(): Argument #1 ($capacity) must be of type int, string given
TypeError: Chan\Channel::__construct(): Argument #1 ($capacity) must be of type int, array given
TypeError: Chan\Channel::__construct(): Argument #1 ($capacity) must be of type int, stdClass given
TypeError: Chan\Channel::__construct(): Argument #2 ($lock) must be of type bool, array given
TypeError: Chan\Channel::__construct(): Argument #2 ($lock) must be of type bool, stdClass given
TypeError: Chan\Channel::push(): Argument #2 ($timeout) must be of type ?float, string given
TypeError: Chan\Channel::push(): Argument #2 ($timeout) must be of type ?float, array given
TypeError: Chan\Channel::pop(): Argument #1 ($timeout) must be of type ?float, string given
TypeError: Chan\Channel::pop(): Argument #1 ($timeout) must be of type ?float, stdClass given
int(0)
