--TEST--
Main blocking in pop() or push() runs the coroutines until it can go on, then continues where it blocked
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);
    go(function () use ($ch) {
        echo "producer starts\n";
        Coroutine::sleep(0.01);
        echo "producer pushes\n";
        $ch->push('from coroutine');
    });
    echo "main pops\n";
    $v = $ch->pop();
    echo "main got: $v (id ", Coroutine::id(), ")\n";

    // Main blocks in push(): a full buffer (or no popper) until a coroutine pops.
    if ($cap) {
        $ch->push('filler');
    }
    go(function () use ($ch, $cap) {
        echo "consumer starts\n";
        Coroutine::yield();
        for ($i = 0; $i <= $cap; $i++) {
            $v = $ch->pop();
            echo "consumer got: $v\n";
        }
    });
    echo "main pushes\n";
    $ch->push('from main');
    echo "main push returned\n";
    Coroutine::sleep(0.01);
}
?>
--EXPECT--
-- capacity 0
main pops
producer starts
producer pushes
main got: from coroutine (id 0)
main pushes
consumer starts
consumer got: from main
main push returned
-- capacity 1
main pops
producer starts
producer pushes
main got: from coroutine (id 0)
main pushes
consumer starts
consumer got: filler
consumer got: from main
main push returned
-- capacity 1
main pops
producer starts
producer pushes
main got: from coroutine (id 0)
main pushes
consumer starts
consumer got: filler
consumer got: from main
main push returned
