--TEST--
Pushers parked when the channel is closed get Chan\ClosedException and their values are not delivered; buffered values survive
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Tracked {
    public function __construct(public string $name) {}
    public function __destruct() { $GLOBALS['destroyed'][] = $this->name; }
}

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $GLOBALS['destroyed'] = [];
    $ch = new Channel($cap, $lock);
    if ($cap) {
        $ch->push('buffered');
    }
    foreach (['A', 'B'] as $name) {
        go(function () use ($ch, $name) {
            try {
                $ch->push(new Tracked($name));
                echo "$name delivered\n";
            } catch (Chan\ClosedException $e) {
                echo "$name: ", get_class($e), "\n";
            }
        });
    }
    Coroutine::yield();
    echo "parked: ", $ch->stats()['pushers'], "\n";
    var_dump($ch->close());
    echo "closed\n";
    Coroutine::yield();
    $left = [];
    while ($ch->tryPop($v)) {
        $left[] = $v;
    }
    echo "left: [", implode(',', $left), "]\n";
    echo "destroyed: [", implode(',', $GLOBALS['destroyed']), "]\n";
}
?>
--EXPECT--
-- capacity 0
parked: 2
bool(true)
closed
A: Chan\ClosedException
B: Chan\ClosedException
left: []
destroyed: [A,B]
-- capacity 1
parked: 2
bool(true)
closed
A: Chan\ClosedException
B: Chan\ClosedException
left: [buffered]
destroyed: [A,B]
-- capacity 1
parked: 2
bool(true)
closed
A: Chan\ClosedException
B: Chan\ClosedException
left: [buffered]
destroyed: [A,B]
