--TEST--
A null timeout waits as long as it takes: push and pop with $timeout = null complete once a peer shows up later
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    $ch = new Channel($cap, $lock);
    // pop(null) in main: the value arrives after a sleep.
    go(function () use ($ch) {
        Coroutine::sleep(0.05);
        $ch->push('late');
    });
    var_dump($ch->pop(null));

    // push(null) in main on a full channel (or with no popper): a popper comes later.
    if ($cap) {
        $ch->push('fill');
    }
    go(function () use ($ch, $cap) {
        Coroutine::sleep(0.05);
        $got = [];
        for ($i = 0; $i <= $cap; $i++) {
            $got[] = $ch->pop();
        }
        echo implode(',', $got), "\n";
    });
    $ch->push('waited', null);
    echo "push returned\n";
    Coroutine::sleep(0.1);
}
?>
--EXPECT--
string(4) "late"
waited
push returned
string(4) "late"
fill,waited
push returned
string(4) "late"
fill,waited
push returned
