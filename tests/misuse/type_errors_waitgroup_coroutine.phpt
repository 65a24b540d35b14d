--TEST--
WaitGroup, Coroutine, go() and run(): an argument of the wrong type throws TypeError naming the argument
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{WaitGroup, Coroutine};
use function Chan\{go, run};

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (TypeError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$wg = new WaitGroup(1);
check(fn() => new WaitGroup("abc"));
check(fn() => new WaitGroup([]));
check(fn() => $wg->add("abc"));
check(fn() => $wg->add(new stdClass));
check(fn() => $wg->wait("abc"));
check(fn() => $wg->wait([]));
var_dump($wg->count());

check(fn() => Coroutine::sleep("abc"));
check(fn() => Coroutine::sleep([]));
check(fn() => go("no_such_function"));
check(fn() => go(42));
check(fn() => go([new stdClass, 'nope']));
check(fn() => run("no_such_function"));
check(fn() => run(null));
// No coroutine was created by the failed calls.
var_dump(Coroutine::count(), Coroutine::stats()['spawned']);
?>
--EXPECTF--
TypeError: Chan\WaitGroup::__construct(): Argument #1 ($count) must be of type int, string given
TypeError: Chan\WaitGroup::__construct(): Argument #1 ($count) must be of type int, array given
TypeError: Chan\WaitGroup::add(): Argument #1 ($delta) must be of type int, string given
TypeError: Chan\WaitGroup::add(): Argument #1 ($delta) must be of type int, stdClass given
TypeError: Chan\WaitGroup::wait(): Argument #1 ($timeout) must be of type ?float, string given
TypeError: Chan\WaitGroup::wait(): Argument #1 ($timeout) must be of type ?float, array given
int(1)
TypeError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be of type float, string given
TypeError: Chan\Coroutine::sleep(): Argument #1 ($seconds) must be of type float, array given
TypeError: Chan\go(): Argument #1 ($fn) must be a valid callback, %s
TypeError: Chan\go(): Argument #1 ($fn) must be a valid callback, %s
TypeError: Chan\go(): Argument #1 ($fn) must be a valid callback, %s
TypeError: Chan\run(): Argument #1 ($fn) must be a valid callback, %s
TypeError: Chan\run(): Argument #1 ($fn) must be a valid callback, %s
int(0)
int(0)
