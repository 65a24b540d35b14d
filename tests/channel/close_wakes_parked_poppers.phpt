--TEST--
Poppers parked when the channel is closed are woken with Chan\ClosedException, the closer keeps running
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
    foreach (['A', 'B', 'C'] as $name) {
        go(function () use ($ch, $name) {
            try {
                $v = $ch->pop();
                echo "$name got $v\n";
            } catch (Chan\ClosedException $e) {
                echo "$name: ", get_class($e), "\n";
            }
        });
    }
    Coroutine::yield();
    echo "parked: ", $ch->stats()['poppers'], "\n";
    var_dump($ch->close());
    echo "closer continues, poppers left: ", $ch->stats()['poppers'], "\n";
    Coroutine::yield();
}

// A popper with a timeout is woken by close too, not by its timer.
$ch = new Channel();
go(function () use ($ch) {
    try {
        $ch->pop(30);
    } catch (Chan\Exception $e) {
        echo "timed popper: ", get_class($e), "\n";
    }
});
Coroutine::yield();
$ch->close();
Coroutine::yield();
?>
--EXPECT--
-- capacity 0
parked: 3
bool(true)
closer continues, poppers left: 0
A: Chan\ClosedException
B: Chan\ClosedException
C: Chan\ClosedException
-- capacity 2
parked: 3
bool(true)
closer continues, poppers left: 0
A: Chan\ClosedException
B: Chan\ClosedException
C: Chan\ClosedException
-- capacity 2
parked: 3
bool(true)
closer continues, poppers left: 0
A: Chan\ClosedException
B: Chan\ClosedException
C: Chan\ClosedException
timed popper: Chan\ClosedException
