--TEST--
close() releases 10,000 coroutines parked in push() on one full channel with Chan\ClosedException, delivering none of their values, on both rings
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
    $ch = new Channel(4, $lock);
    for ($i = 0; $i < 4; $i++) {
        $ch->push($i);
    }
    $closed = 0;
    for ($i = 0; $i < N; $i++) {
        go(function () use ($ch, $i, &$closed) {
            try {
                $ch->push("p$i");
            } catch (Chan\ClosedException) {
                $closed++;
            }
        });
    }
    Coroutine::yield();
    echo "pushers parked: ", $ch->stats()['pushers'], "\n";
    $ch->close();
    Coroutine::yield();
    var_dump($closed, $ch->stats()['pushers'], Coroutine::count());
    echo implode(',', iterator_to_array($ch)), "\n";
}
?>
--EXPECT--
pushers parked: 10000
int(10000)
int(0)
int(0)
0,1,2,3
pushers parked: 10000
int(10000)
int(0)
int(0)
0,1,2,3
