--TEST--
A blocking call (pop, push, sleep, yield, wait, run) from inside a user-made Fiber throws Chan\Error and the scheduler keeps working
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel(0);
$wg = new WaitGroup(1);
$calls = [
    'pop'   => fn () => $ch->pop(),
    'push'  => fn () => $ch->push(1),
    'sleep' => fn () => Coroutine::sleep(0.01),
    'sleep(0)' => fn () => Coroutine::sleep(0),
    'yield' => fn () => Coroutine::yield(),
    'wait'  => fn () => $wg->wait(),
    'run'   => fn () => Chan\run(fn () => null),
];
go(function () { echo "queued coroutine runs\n"; });
foreach ($calls as $name => $call) {
    $fiber = new Fiber(function () use ($name, $call) {
        try {
            $call();
            echo "$name: no exception\n";
        } catch (Chan\Error $e) {
            echo "$name: ", get_class($e), "\n";
        }
    });
    $fiber->start();
    var_dump($fiber->isTerminated());
}
var_dump($ch->stats()['pushers'], $ch->stats()['poppers']);

// the scheduler still works
go(function () use ($ch, $wg) {
    $ch->push("still works");
    $wg->done();
});
$v = $ch->pop();
echo "$v\n";
$wg->wait();
var_dump(Coroutine::count());
?>
--EXPECT--
pop: Chan\Error
bool(true)
push: Chan\Error
bool(true)
sleep: Chan\Error
bool(true)
sleep(0): Chan\Error
bool(true)
yield: Chan\Error
bool(true)
wait: Chan\Error
bool(true)
run: Chan\Error
bool(true)
int(0)
int(0)
queued coroutine runs
still works
int(0)
