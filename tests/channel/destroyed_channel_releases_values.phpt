--TEST--
Values left in a channel are released when the channel is destroyed, in FIFO order, on both rings, open or closed
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

class Tracked {
    public function __construct(public string $name) {}
    public function __destruct() { echo "destroyed {$this->name}\n"; }
}

foreach ([false, true] as $lock) {
    foreach ([false, true] as $close) {
        echo "-- lock ", var_export($lock, true), ", closed ", var_export($close, true), "\n";
        $ch = new Channel(8, $lock);
        // Wrap around the ring first so the leftovers straddle its end.
        for ($i = 0; $i < 6; $i++) {
            $ch->push($i);
            $ch->pop();
        }
        foreach (['a', 'b', 'c', 'd'] as $n) {
            $ch->push(new Tracked($n));
        }
        $ch->push([new Tracked('in array')]);
        $ch->pop();   // 'a' is popped and discarded at once
        if ($close) {
            $ch->close();
        }
        echo "unset\n";
        unset($ch);
        echo "after unset\n";
    }
}
?>
--EXPECT--
-- lock false, closed false
destroyed a
unset
destroyed b
destroyed c
destroyed d
destroyed in array
after unset
-- lock false, closed true
destroyed a
unset
destroyed b
destroyed c
destroyed d
destroyed in array
after unset
-- lock true, closed false
destroyed a
unset
destroyed b
destroyed c
destroyed d
destroyed in array
after unset
-- lock true, closed true
destroyed a
unset
destroyed b
destroyed c
destroyed d
destroyed in array
after unset
