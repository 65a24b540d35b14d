--TEST--
Blocking calls inside a Fiber the scheduler does not own, and run() from a coroutine or nested, throw Chan\Error and leave the scheduler working
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\{go, run};

function check(string $what, callable $f): void {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (Chan\Error $e) {
        echo "$what: ", get_class($e), "\n";
    }
}

$fiber = new Fiber(function () {
    check('pop', fn() => (new Channel())->pop());
    check('pop with timeout', fn() => (new Channel())->pop(0.01));
    check('push', fn() => (new Channel())->push(1));
    check('wait', fn() => (new WaitGroup(1))->wait());
    check('sleep', fn() => Coroutine::sleep(0.01));
    check('yield', fn() => Coroutine::yield());
    check('run', fn() => run(fn() => 1));
    Fiber::suspend("suspended normally");
});
var_dump($fiber->start());

check('run in coroutine', function () {
    $ch = new Channel();
    go(function () use ($ch) {
        check('run from go()', fn() => run(fn() => 1));
        $ch->push(1);
    });
    $ch->pop();
});
var_dump(run(function () {
    check('nested run', fn() => run(fn() => 1));
    return "outer run result";
}));

// The scheduler is intact.
$ch = new Channel();
go(fn() => $ch->push("still works"));
var_dump($ch->pop());
$fiber->resume();
var_dump($fiber->isTerminated());
?>
--EXPECT--
pop: Chan\Error
pop with timeout: Chan\Error
push: Chan\Error
wait: Chan\Error
sleep: Chan\Error
yield: Chan\Error
run: Chan\Error
string(18) "suspended normally"
run from go(): Chan\Error
run in coroutine: no exception
nested run: Chan\Error
string(16) "outer run result"
string(11) "still works"
bool(true)
