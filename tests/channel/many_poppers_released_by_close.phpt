--TEST--
close() releases 10,000 coroutines parked in pop() on one channel, each with Chan\ClosedException
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

$ch = new Channel(0);
$closed = 0;
for ($i = 0; $i < N; $i++) {
    go(function () use ($ch, &$closed) {
        try {
            $ch->pop();
        } catch (Chan\ClosedException) {
            $closed++;
        }
    });
}
Coroutine::yield();
echo "poppers parked: ", $ch->stats()['poppers'], "\n";
var_dump($ch->close());
Coroutine::yield();
var_dump($closed, $ch->stats()['poppers'], Coroutine::count());
?>
--EXPECT--
poppers parked: 10000
bool(true)
int(10000)
int(0)
int(0)
