--TEST--
Missing or extra arguments throw ArgumentCountError; tryPop() with a non-variable throws Error naming $value
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\{go, run};

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$ch = new Channel(1);
$ch->push("kept");
$wg = new WaitGroup();
check(fn() => $ch->push());
check(fn() => $ch->tryPush());
check(fn() => $ch->close(1));
check(fn() => $ch->count(1));
check(fn() => $wg->done(1));
check(fn() => $wg->count(1));
check(fn() => go());
check(fn() => run());
check(fn() => Coroutine::sleep());
check(fn() => Coroutine::yield(1));
check(fn() => $ch->tryPop(1));
// The failed calls popped nothing and did not close the channel.
var_dump(count($ch), $ch->isClosed(), $ch->pop());
?>
--EXPECTF--
ArgumentCountError: Chan\Channel::push() expects at least 1 argument, 0 given
ArgumentCountError: Chan\Channel::tryPush() expects exactly 1 argument, 0 given
ArgumentCountError: Chan\Channel::close() expects exactly 0 arguments, 1 given
ArgumentCountError: Chan\Channel::count() expects exactly 0 arguments, 1 given
ArgumentCountError: Chan\WaitGroup::done() expects exactly 0 arguments, 1 given
ArgumentCountError: Chan\WaitGroup::count() expects exactly 0 arguments, 1 given
ArgumentCountError: Chan\go() expects at least 1 argument, 0 given
ArgumentCountError: Chan\run() expects at least 1 argument, 0 given
ArgumentCountError: Chan\Coroutine::sleep() expects exactly 1 argument, 0 given
ArgumentCountError: Chan\Coroutine::yield() expects exactly 0 arguments, 1 given
Error: Chan\Channel::tryPop(): Argument #1 ($value) c%s be passed by reference
int(1)
bool(false)
string(4) "kept"
