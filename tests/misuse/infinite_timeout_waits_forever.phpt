--TEST--
INF as a timeout means wait forever, exactly like null: the wait ends only when served, and with nothing else to run it is a deadlock
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\go;

$ch = new Channel();
go(function () use ($ch) { Coroutine::sleep(0.02); $ch->push("served"); });
var_dump($ch->pop(INF));

$wg = new WaitGroup(1);
go(function () use ($wg) { Coroutine::sleep(0.02); $wg->done(); });
$wg->wait(INF);
var_dump($wg->count());

go(function () use ($ch) { Coroutine::sleep(0.02); var_dump($ch->pop()); });
$ch->push("pushed", INF);

foreach ([
    'pop' => fn() => $ch->pop(INF),
    'push' => fn() => $ch->push(1, INF),
    'wait' => fn() => (new WaitGroup(1))->wait(INF),
] as $what => $f) {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (Chan\DeadlockError $e) {
        echo "$what: ", get_class($e), "\n";
    }
}

// A coroutine sleeping for INF seconds does not stop exit().
go(fn() => Coroutine::sleep(INF));
Coroutine::yield();
echo "exit\n";
exit(0);
?>
--EXPECT--
string(6) "served"
int(0)
string(6) "pushed"
pop: Chan\DeadlockError
push: Chan\DeadlockError
wait: Chan\DeadlockError
exit
