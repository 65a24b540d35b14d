--TEST--
Parked pushers are served first come, first served, behind the buffered values (unbuffered and both rings)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [2, false], [2, true]] as [$cap, $lock]) {
    $ch = new Channel($cap, $lock);
    for ($i = 0; $i < $cap; $i++) {
        $ch->push("buf$i");
    }
    // Park pushers one at a time so their arrival order is known: A, B, C, D.
    foreach (['A', 'B', 'C', 'D'] as $name) {
        go(function () use ($ch, $name) {
            $ch->push($name);
            echo "$name released\n";
        });
        Coroutine::yield();
    }
    echo "parked: ", $ch->stats()['pushers'], "\n";
    $got = [];
    for ($i = 0; $i < $cap + 4; $i++) {
        $got[] = $ch->pop();
    }
    echo implode(',', $got), "\n";
    Coroutine::yield();
}
?>
--EXPECT--
parked: 4
A,B,C,D
A released
B released
C released
D released
parked: 4
buf0,buf1,A,B,C,D
A released
B released
C released
D released
parked: 4
buf0,buf1,A,B,C,D
A released
B released
C released
D released
