--TEST--
A buffered value is kept alive by the channel until popped, even when the pusher drops its own reference
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
    $ch = new Channel(2, $lock);
    $o = new Tracked($lock ? 'mutex' : 'lockfree');
    $ch->push($o);
    unset($o);
    echo "pushed and dropped\n";
    $v = $ch->pop();
    echo "popped {$v->name}\n";
    unset($v);
    echo "after unset\n";
}
?>
--EXPECT--
pushed and dropped
popped lockfree
destroyed lockfree
after unset
pushed and dropped
popped mutex
destroyed mutex
after unset
