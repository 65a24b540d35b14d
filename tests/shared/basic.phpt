--TEST--
SharedChannel in one process, both rings: values travel serialized in FIFO order, tryPush/tryPop, count, stats, close (then tryPush() throws Chan\ClosedException as Channel's does, push() too)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\SharedChannel;

class Point { public function __construct(public int $x = 0, public int $y = 0) {} }

foreach ([false, true] as $lock) {
    $ch = new SharedChannel(3, $lock, 128);
    var_dump($ch->capacity, count($ch));
    $ch->push([1, 'two', 3.5, null, true]);
    $ch->push(new Point(4, 5));
    var_dump($ch->tryPush('third'), $ch->tryPush('fourth'), count($ch));
    var_dump($ch->pop(), $ch->pop());
    var_dump($ch->tryPop($v), $v, $ch->tryPop($w), $w);
    $s = $ch->stats();
    echo "$s[queue] capacity=$s[capacity] length=$s[length] slot_size=$s[slot_size] processes=$s[processes] closed=",
        var_export($s['closed'], true), "\n";
    $ch->push('left');
    var_dump($ch->close(), $ch->close(), $ch->isClosed());
    try { $ch->tryPush('after close'); } catch (Chan\ClosedException $e) { echo 'tryPush: ', get_class($e), ': ', $e->getMessage(), "\n"; }
    try { $ch->push('after close'); } catch (Chan\ClosedException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    var_dump($ch->pop());
    try { $ch->pop(); } catch (Chan\ClosedException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    var_dump($ch->tryPop($x), $x);
}
--EXPECTF--
int(3)
int(0)
bool(true)
bool(false)
int(3)
array(5) {
  [0]=>
  int(1)
  [1]=>
  string(3) "two"
  [2]=>
  float(3.5)
  [3]=>
  NULL
  [4]=>
  bool(true)
}
object(Point)#%d (2) {
  ["x"]=>
  int(4)
  ["y"]=>
  int(5)
}
bool(true)
string(5) "third"
bool(false)
NULL
lockfree capacity=3 length=0 slot_size=128 processes=1 closed=false
bool(true)
bool(false)
bool(true)
tryPush: Chan\ClosedException: Cannot push to a closed channel
Chan\ClosedException: Cannot push to a closed channel
string(4) "left"
Chan\ClosedException: Cannot pop from a closed and empty channel
bool(false)
NULL
int(3)
int(0)
bool(true)
bool(false)
int(3)
array(5) {
  [0]=>
  int(1)
  [1]=>
  string(3) "two"
  [2]=>
  float(3.5)
  [3]=>
  NULL
  [4]=>
  bool(true)
}
object(Point)#%d (2) {
  ["x"]=>
  int(4)
  ["y"]=>
  int(5)
}
bool(true)
string(5) "third"
bool(false)
NULL
mutex capacity=3 length=0 slot_size=128 processes=1 closed=false
bool(true)
bool(false)
bool(true)
tryPush: Chan\ClosedException: Cannot push to a closed channel
Chan\ClosedException: Cannot push to a closed channel
string(4) "left"
Chan\ClosedException: Cannot pop from a closed and empty channel
bool(false)
NULL
