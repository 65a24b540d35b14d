--TEST--
count() is the number of buffered values only: values of parked pushers are never counted, buffered or not
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
        $ch->push("b$i");
    }
    for ($i = 0; $i < 3; $i++) {
        go(fn () => $ch->push("p$i"));
    }
    Coroutine::yield();
    $s = $ch->stats();
    printf("cap %d: count=%d length=%d pushers=%d full=%s\n",
        $cap, count($ch), $s['length'], $s['pushers'], var_export($ch->isFull(), true));
    $got = [];
    while (count($got) < $cap + 3) {
        $got[] = $ch->pop();
    }
    echo implode(',', $got), "\n";
}
?>
--EXPECT--
cap 0: count=0 length=0 pushers=3 full=true
p0,p1,p2
cap 2: count=2 length=2 pushers=3 full=true
b0,b1,p0,p1,p2
cap 2: count=2 length=2 pushers=3 full=true
b0,b1,p0,p1,p2
