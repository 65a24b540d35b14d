--TEST--
A shutdown function can push, pop, wait and go(): blocking calls drive the scheduler as in main, and its coroutines run before the request ends
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup, Coroutine};
use function Chan\go;

register_shutdown_function(function () {
    echo "shutdown function\n";
    $ch = new Channel();
    go(function () use ($ch) {
        echo "pusher runs\n";
        $ch->push("handed over");
    });
    $v = $ch->pop();
    echo "popped: $v\n";

    $wg = new WaitGroup(2);
    go(function () use ($wg) { Coroutine::sleep(0.01); echo "worker 1\n"; $wg->done(); });
    go(function () use ($wg) { echo "worker 2\n"; $wg->done(); });
    $wg->wait();
    echo "waited\n";

    go(function () {
        Coroutine::sleep(0.01);
        echo "late coroutine from shutdown function\n";
    });
    echo "shutdown function returns\n";
});
go(function () { echo "coroutine from main\n"; });
echo "end\n";
?>
--EXPECT--
end
shutdown function
coroutine from main
pusher runs
popped: handed over
worker 2
worker 1
waited
shutdown function returns
late coroutine from shutdown function
