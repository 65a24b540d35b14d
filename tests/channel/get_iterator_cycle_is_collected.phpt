--TEST--
Channel::getIterator() returns a Chan\ChannelIterator: it pops like foreach, keeps its channel alive, and a cycle through it is collected
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(4);
$ch->push('a');
$ch->push('b');
$ch->close();
$it = $ch->getIterator();
var_dump($it instanceof Chan\ChannelIterator, $it instanceof Iterator);
unset($ch); // the iterator keeps the channel
var_dump($it->valid(), $it->key(), $it->current());
$it->next();
var_dump($it->key(), $it->current());
$it->next();
var_dump($it->valid(), $it->current(), $it->key());

// foreach over the iterator object continues where it stands
$ch = new Channel(4);
foreach ([1, 2, 3] as $v) {
    $ch->push($v);
}
$ch->close();
$it = $ch->getIterator();
echo 'first: ', $it->current(), "\n";
$it->next();
foreach ($it as $k => $v) {
    echo "$k => $v\n";
}

// a value in the channel holding its iterator: a cycle the GC must see
class Holder
{
    public $it;
    public function __destruct() { echo "holder freed\n"; }
}
$ch = new Channel(1);
$h = new Holder();
$h->it = $ch->getIterator();
$ch->push($h);
unset($h, $ch);
echo "before gc\n";
var_dump(gc_collect_cycles() > 0);
echo "after gc\n";

try {
    new ReflectionClass(Chan\ChannelIterator::class) instanceof ReflectionClass
        && (new ReflectionClass(Chan\ChannelIterator::class))->newInstanceWithoutConstructor();
} catch (Throwable $e) {
    echo get_class($e), "\n";
}
try {
    clone (new Channel())->getIterator();
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
try {
    serialize((new Channel())->getIterator());
} catch (Exception $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(0)
string(1) "a"
int(1)
string(1) "b"
bool(false)
NULL
NULL
first: 1
1 => 2
2 => 3
before gc
holder freed
bool(true)
after gc
ReflectionException
Trying to clone an uncloneable object of class Chan\ChannelIterator
Serialization of 'Chan\ChannelIterator' is not allowed
