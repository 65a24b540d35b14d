--TEST--
A channel of exactly Channel::MAX_CAPACITY can be constructed and used, on both rings
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

foreach ([false, true] as $lock) {
    $ch = new Channel(Channel::MAX_CAPACITY, $lock);
    var_dump($ch->capacity === Channel::MAX_CAPACITY);
    var_dump($ch->tryPush('a'), $ch->tryPush('b'));
    var_dump(count($ch), $ch->isFull(), $ch->isEmpty());
    var_dump($ch->pop(), $ch->pop(), count($ch));
    unset($ch);
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(2)
bool(false)
bool(false)
string(1) "a"
string(1) "b"
int(0)
bool(true)
bool(true)
bool(true)
int(2)
bool(false)
bool(false)
string(1) "a"
string(1) "b"
int(0)
