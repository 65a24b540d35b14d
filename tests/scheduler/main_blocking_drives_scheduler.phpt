--TEST--
A blocking call in main (pop, push, WaitGroup::wait) runs the coroutines until main can go on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    echo "producer starts\n";
    Coroutine::yield();
    Coroutine::sleep(0.01);
    echo "producer pushes\n";
    $ch->push("hello");
    echo "producer after push\n";
});
$v = $ch->pop();
echo "main popped $v\n";

go(function () use ($ch) {
    $v = $ch->pop();
    echo "consumer got $v\n";
});
$ch->push("world"); // no popper yet: main parks until the consumer takes it
echo "main pushed\n";

$wg = new WaitGroup();
for ($i = 0; $i < 3; $i++) {
    $wg->add();
    go(function () use ($wg, $i) {
        // Started later, a longer sleep: they end in the order they started,
        // however long starting each one takes.
        Coroutine::sleep(0.05 * ($i + 1));
        echo "worker $i done\n";
        $wg->done();
    });
}
$wg->wait();
echo "main after wait, count=", $wg->count(), "\n";
?>
--EXPECT--
producer starts
producer pushes
producer after push
main popped hello
consumer got world
main pushed
worker 0 done
worker 1 done
worker 2 done
main after wait, count=0
