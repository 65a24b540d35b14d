--TEST--
Parked poppers are served first come, first served: the first to park gets the first value (unbuffered and both rings)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [3, false], [3, true]] as [$cap, $lock]) {
    $ch = new Channel($cap, $lock);
    foreach (['A', 'B', 'C', 'D'] as $name) {
        go(function () use ($ch, $name) {
            $v = $ch->pop();
            echo "$name got $v\n";
        });
        Coroutine::yield();
    }
    echo "parked: ", $ch->stats()['poppers'], "\n";
    foreach ([1, 2, 3, 4] as $v) {
        $ch->push($v);
    }
    echo "pushed all\n";
    Coroutine::yield();
}
?>
--EXPECT--
parked: 4
pushed all
A got 1
B got 2
C got 3
D got 4
parked: 4
pushed all
A got 1
B got 2
C got 3
D got 4
parked: 4
pushed all
A got 1
B got 2
C got 3
D got 4
