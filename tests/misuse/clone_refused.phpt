--TEST--
Cloning a Channel or a WaitGroup throws Error; the originals keep working
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup};

$ch = new Channel(2);
$ch->push("a");
$wg = new WaitGroup(1);
foreach ([$ch, $wg] as $obj) {
    try {
        $copy = clone $obj;
        echo "cloned ", get_class($copy), "\n";
    } catch (Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
$ch->push("b");
echo $ch->pop(), $ch->pop(), "\n";
$wg->done();
$wg->wait();
var_dump($wg->count());
?>
--EXPECT--
Error: Trying to clone an uncloneable object of class Chan\Channel
Error: Trying to clone an uncloneable object of class Chan\WaitGroup
ab
int(0)
