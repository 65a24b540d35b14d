--TEST--
Out-of-range values throw ValueError naming the argument: $capacity, $timeout (push, pop, wait), $seconds, $count; nothing changes
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}

$ch = new Channel(1);
$wg = new WaitGroup(1);
check(fn() => new Channel(-1));
check(fn() => new Channel(Channel::MAX_CAPACITY + 1, true));
check(fn() => $ch->push(1, -1));
check(fn() => $ch->push(1, NAN));
check(fn() => $ch->pop(-0.5));
check(fn() => $ch->pop(NAN));
check(fn() => $wg->wait(-1));
check(fn() => new WaitGroup(-1));
check(fn() => Coroutine::sleep(-1));
check(fn() => Coroutine::sleep(NAN));
check(fn() => Coroutine::sleep(-INF));
// The refused push stored nothing; the refused wait left the counter.
var_dump(count($ch), $wg->count());
?>
--EXPECTF--
Chan\Channel::__construct(): Argument #1 ($capacity) must be %s
Chan\Channel::__construct(): Argument #1 ($capacity) must be %s
Chan\Channel::push(): Argument #2 ($timeout) must be %s
Chan\Channel::push(): Argument #2 ($timeout) must be %s
Chan\Channel::pop(): Argument #1 ($timeout) must be %s
Chan\Channel::pop(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::__construct(): Argument #1 ($count) must be %s
Chan\Coroutine::sleep(): Argument #1 ($seconds) must be %s
Chan\Coroutine::sleep(): Argument #1 ($seconds) must be %s
Chan\Coroutine::sleep(): Argument #1 ($seconds) must be %s
int(0)
int(1)
