--TEST--
A one-slot channel holds exactly one value on both rings: a second push does not fit until the first is popped
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

foreach ([false, true] as $lock) {
    $ch = new Channel(1, $lock);
    for ($round = 0; $round < 3; $round++) {
        var_dump($ch->tryPush("v$round"), $ch->tryPush('extra'));
        var_dump(count($ch), $ch->isFull(), $ch->isEmpty());
        var_dump($ch->tryPop($v), $v);
        var_dump($ch->tryPop($v), count($ch), $ch->isEmpty());
    }
    try {
        $ch->push(1);
        $ch->push(2, 0);
    } catch (Chan\TimeoutException $e) {
        echo get_class($e), "\n";
    }
    var_dump($ch->pop(0));
}
?>
--EXPECT--
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v0"
bool(false)
int(0)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v1"
bool(false)
int(0)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v2"
bool(false)
int(0)
bool(true)
Chan\TimeoutException
int(1)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v0"
bool(false)
int(0)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v1"
bool(false)
int(0)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(true)
string(2) "v2"
bool(false)
int(0)
bool(true)
Chan\TimeoutException
int(1)
