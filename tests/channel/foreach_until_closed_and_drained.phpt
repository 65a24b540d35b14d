--TEST--
foreach over a channel pops with keys 0, 1, 2... and ends once the channel is closed and drained
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [2, false], [2, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);
    go(function () use ($ch) {
        foreach (['a', 'b', 'c', 'd', 'e'] as $v) {
            $ch->push($v);
        }
        $ch->close();
        echo "producer closed\n";
    });
    foreach ($ch as $k => $v) {
        echo "$k => $v\n";
    }
    echo "loop ended, closed: ", var_export($ch->isClosed(), true), "\n";
    // A closed and drained channel iterates zero times.
    foreach ($ch as $v) {
        echo "unexpected $v\n";
    }
}

// Values buffered before close are all iterated.
$ch = new Channel(3, true);
$ch->push(10);
$ch->push(20);
$ch->close();
foreach ($ch as $k => $v) {
    echo "$k => $v\n";
}
?>
--EXPECT--
-- capacity 0
0 => a
1 => b
2 => c
3 => d
producer closed
4 => e
loop ended, closed: true
-- capacity 2
0 => a
1 => b
2 => c
3 => d
producer closed
4 => e
loop ended, closed: true
-- capacity 2
0 => a
1 => b
2 => c
3 => d
producer closed
4 => e
loop ended, closed: true
0 => 10
1 => 20
