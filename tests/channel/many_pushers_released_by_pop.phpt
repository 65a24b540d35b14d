--TEST--
10,000 coroutines parked in push() behind a full buffer are all released by pops, their values in arrival order, on both rings
--EXTENSIONS--
chan
--INI--
memory_limit=1G
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

const N = 10000;

foreach ([false, true] as $lock) {
    $ch = new Channel(16, $lock);
    for ($i = 0; $i < 16; $i++) {
        $ch->push("buf$i");
    }
    $released = 0;
    for ($i = 0; $i < N; $i++) {
        go(function () use ($ch, $i, &$released) { $ch->push($i); $released++; });
    }
    Coroutine::yield();
    echo "pushers parked: ", $ch->stats()['pushers'], "\n";
    $out = [];
    for ($i = 0; $i < 16 + N; $i++) {
        $out[] = $ch->pop();
    }
    Coroutine::yield();
    var_dump(array_slice($out, 16) === range(0, N - 1), $released, $ch->stats()['pushers'], count($ch), Coroutine::count());
}
?>
--EXPECT--
pushers parked: 10000
bool(true)
int(10000)
int(0)
int(0)
int(0)
pushers parked: 10000
bool(true)
int(10000)
int(0)
int(0)
int(0)
