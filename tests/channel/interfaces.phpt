--TEST--
Channel is Countable and IteratorAggregate: count() works on it and getIterator() returns an Iterator that pops
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(4);
var_dump($ch instanceof Countable, $ch instanceof IteratorAggregate, $ch instanceof Traversable);
$ch->push('a');
$ch->push('b');
$ch->push('c');
var_dump(count($ch), $ch->count());

$it = $ch->getIterator();
var_dump($it instanceof Iterator);
$it->rewind();
var_dump($it->valid(), $it->key(), $it->current());
$it->next();
var_dump($it->valid(), $it->key(), $it->current());
// The iterator popped the values it produced.
var_dump(count($ch));
$ch->close();
$it->next();
var_dump($it->valid(), $it->key(), $it->current());
$it->next();
var_dump($it->valid());

// iterator_to_array() drains a closed channel.
$ch = new Channel(3, true);
$ch->push(1);
$ch->push(2);
$ch->close();
var_dump(iterator_to_array($ch));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(3)
int(3)
bool(true)
bool(true)
int(0)
string(1) "a"
bool(true)
int(1)
string(1) "b"
int(1)
bool(true)
int(2)
string(1) "c"
bool(false)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
