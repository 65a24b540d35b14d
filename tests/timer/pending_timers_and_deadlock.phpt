--TEST--
A pending timer channel holds off a deadlock only for the contexts that wait on it: a coroutine whose pop() on an after() channel is the only wait is woken by it (run() returns its value), select() over an after() and an empty channel in main is too; but a tick() nobody waits on does not keep main's pop() on an empty channel from being a deadlock, nor does an after() nobody waits on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\{after, tick, go, select};

var_dump(is_float(Chan\run(fn () => after(0.02)->pop())));
var_dump(select([new Channel(), 't' => after(0.02)])[0]);

$t = tick(0.01);
$a = after(0.01);
foreach (['main' => fn () => (new Channel())->pop(), 'coroutine' => fn () => Chan\run(fn () => (new Channel())->pop())] as $who => $wait) {
    try {
        $wait();
    } catch (Chan\DeadlockError $e) {
        echo "$who: ", strtok($e->getMessage(), "\n"), "\n";
    }
}
echo "the tick still ticks: ", get_debug_type($t->pop()), "\n";
?>
--EXPECTF--
bool(true)
string(1) "t"
main: all coroutines are asleep - deadlock!
coroutine: all coroutines are asleep - deadlock!%A
the tick still ticks: float
