--TEST--
A push that finds a parked popper hands the value straight to it and makes it runnable without switching: the pusher keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([[0, false], [4, false], [4, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);
    go(function () use ($ch) {
        echo "popper parks\n";
        $v = $ch->pop();
        echo "popper got $v\n";
    });
    go(function () use ($ch) {
        Coroutine::yield(); // let the popper park first
        echo "pusher pushes\n";
        $ch->push('v');
        // The value went to the popper, not into the buffer.
        echo "pusher still running, buffered: ", count($ch), ", poppers: ", $ch->stats()['poppers'], "\n";
        // Nobody else can take the handed-over value.
        var_dump($ch->tryPop());
        echo "pusher done\n";
    });
    Coroutine::yield();
    Coroutine::yield();
    Coroutine::yield();
}
?>
--EXPECT--
-- capacity 0
popper parks
pusher pushes
pusher still running, buffered: 0, poppers: 0
bool(false)
pusher done
popper got v
-- capacity 4
popper parks
pusher pushes
pusher still running, buffered: 0, poppers: 0
bool(false)
pusher done
popper got v
-- capacity 4
popper parks
pusher pushes
pusher still running, buffered: 0, poppers: 0
bool(false)
pusher done
popper got v
