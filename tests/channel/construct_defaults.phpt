--TEST--
Channel defaults to capacity 0 on the lock-free ring; $lock = true selects the mutex ring; $capacity reflects the argument
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel();
var_dump($ch->capacity, count($ch), $ch->isClosed(), $ch->stats()['queue']);

foreach ([false, true] as $lock) {
    $ch = new Channel(5, $lock);
    var_dump($ch->capacity, $ch->stats()['capacity'], $ch->stats()['queue']);
}
$ch = new Channel(0, true);
var_dump($ch->capacity, $ch->stats()['queue']);
?>
--EXPECT--
int(0)
int(0)
bool(false)
string(8) "lockfree"
int(5)
int(5)
string(8) "lockfree"
int(5)
int(5)
string(5) "mutex"
int(0)
string(5) "mutex"
