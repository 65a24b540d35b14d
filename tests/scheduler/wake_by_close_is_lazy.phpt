--TEST--
Coroutines woken by close() go to the tail of the run queue in the order they parked; the closer keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\ClosedException;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
foreach (['p1', 'p2', 'p3'] as $name) {
    go(function () use ($ch, $name) {
        try {
            $ch->pop();
        } catch (ClosedException $e) {
            echo "$name woken by close\n";
        }
    });
}
go(function () {
    Coroutine::yield();
    echo "other runs\n";
});
go(function () use ($ch) {
    var_dump($ch->close());
    echo "closer keeps running\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
bool(true)
closer keeps running
other runs
p1 woken by close
p2 woken by close
p3 woken by close
