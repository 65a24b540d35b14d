--TEST--
A positive timeout that expires throws Chan\TimeoutException from push and pop; the timed-out waiter leaves the channel and its value is not delivered
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\TimeoutException;
use function Chan\go;

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);

    $t = hrtime(true);
    try {
        $ch->pop(0.05);
        echo "pop returned\n";
    } catch (TimeoutException $e) {
        echo "pop: ", get_class($e), "\n";
    }
    // Only a lower bound: the timer must not fire (much) early.
    var_dump((hrtime(true) - $t) / 1e9 >= 0.04);

    if ($cap) {
        $ch->push('kept');
    }
    $t = hrtime(true);
    try {
        $ch->push('dropped', 0.05);
        echo "push returned\n";
    } catch (TimeoutException $e) {
        echo "push: ", get_class($e), "\n";
    }
    var_dump((hrtime(true) - $t) / 1e9 >= 0.04);

    $s = $ch->stats();
    echo "pushers={$s['pushers']} poppers={$s['poppers']} length={$s['length']}\n";
    // The timed-out push's value never shows up.
    $rest = [];
    while ($ch->tryPop($v)) {
        $rest[] = $v;
    }
    echo "left: [", implode(',', $rest), "]\n";

    // Timeouts also fire inside coroutines.
    go(function () use ($ch) {
        try {
            $ch->pop(0.05);
        } catch (TimeoutException $e) {
            echo "coroutine pop: ", get_class($e), "\n";
        }
    });
    Chan\run(fn () => null);   // returns once the coroutine has finished, however slow the machine
}
?>
--EXPECT--
-- capacity 0
pop: Chan\TimeoutException
bool(true)
push: Chan\TimeoutException
bool(true)
pushers=0 poppers=0 length=0
left: []
coroutine pop: Chan\TimeoutException
-- capacity 1
pop: Chan\TimeoutException
bool(true)
push: Chan\TimeoutException
bool(true)
pushers=0 poppers=0 length=1
left: [kept]
coroutine pop: Chan\TimeoutException
-- capacity 1
pop: Chan\TimeoutException
bool(true)
push: Chan\TimeoutException
bool(true)
pushers=0 poppers=0 length=1
left: [kept]
coroutine pop: Chan\TimeoutException
