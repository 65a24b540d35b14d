--TEST--
A channel in a reference cycle (a closure capturing it, pushed into it) is collected by gc_collect_cycles(), releasing its values
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$destroyed = [];
class Tracked {
    public function __construct(public string $name) {}
    public function __destruct() { $GLOBALS['destroyed'][] = $this->name; }
}
function report(): void {
    // The order destructors run in during a collection is PHP's business.
    sort($GLOBALS['destroyed']);
    echo "destroyed: [", implode(', ', $GLOBALS['destroyed']), "]\n";
    $GLOBALS['destroyed'] = [];
}

foreach ([false, true] as $lock) {
    $ch = new Channel(4, $lock);
    $marker = new Tracked($lock ? 'mutex' : 'lockfree');
    $ch->push(function () use ($ch, $marker) { return $ch; });
    $ch->push(new Tracked('plain value'));
    unset($ch, $marker);
    report();
    $n = gc_collect_cycles();
    var_dump($n > 0);
    report();
}

// The cycle can also go through an object and an array inside the buffer.
$ch = new Channel(1, true);
$holder = new stdClass();
$holder->items = [$ch, new Tracked('deep')];
$ch->push($holder);
unset($ch, $holder);
report();
var_dump(gc_collect_cycles() > 0);
report();
?>
--EXPECT--
destroyed: []
bool(true)
destroyed: [lockfree, plain value]
destroyed: []
bool(true)
destroyed: [mutex, plain value]
destroyed: []
bool(true)
destroyed: [deep]
