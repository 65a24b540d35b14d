--TEST--
Calling Channel::__construct() again throws Chan\Error and leaves the channel (capacity, queue, values) unchanged
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(2);
$ch->push("a");
foreach ([[5], [0, true], [-1]] as $args) {
    try {
        $ch->__construct(...$args);
        echo "no exception\n";
    } catch (Chan\Error $e) {
        echo get_class($e), "\n";
    }
}
var_dump($ch->capacity, count($ch), $ch->stats()['queue']);
$ch->push("b");
var_dump($ch->isFull(), $ch->pop(), $ch->pop());
?>
--EXPECT--
Chan\Error
Chan\Error
Chan\Error
int(2)
int(1)
string(8) "lockfree"
bool(true)
string(1) "a"
string(1) "b"
