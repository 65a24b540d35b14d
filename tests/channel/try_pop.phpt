--TEST--
tryPop() never waits: stores the value and returns true, or returns false and leaves its argument untouched when empty or closed and drained
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach ([false, true] as $lock) {
    $ch = new Channel(2, $lock);
    $v = 'untouched';
    var_dump($ch->tryPop($v), $v);
    $ch->push('a');
    $ch->push(null);
    var_dump($ch->tryPop($v), $v);
    var_dump($ch->tryPop($v), $v);
    $v = 'untouched again';
    var_dump($ch->tryPop($v), $v);
    // The argument is optional: the value is popped and dropped.
    $ch->push('dropped');
    var_dump($ch->tryPop(), count($ch));
    // Closed but not drained: still true; closed and drained: false.
    $ch->push('last');
    $ch->close();
    var_dump($ch->tryPop($v), $v);
    $v = 'kept';
    var_dump($ch->tryPop($v), $v);
}

// Unbuffered: takes a parked pusher's value and wakes the pusher.
$ch = new Channel(0);
$v = 'untouched';
var_dump($ch->tryPop($v), $v);
go(function () use ($ch) { $ch->push('offered'); echo "pusher released\n"; });
Coroutine::yield();
var_dump($ch->tryPop($v), $v);
echo "tryPop returned\n";
Coroutine::yield();

// Typed-reference targets get the value as any assignment would.
class Box { public ?string $s = null; }
$ch = new Channel(1);
$ch->push('typed');
$box = new Box();
var_dump($ch->tryPop($box->s), $box->s);
?>
--EXPECT--
bool(false)
string(9) "untouched"
bool(true)
string(1) "a"
bool(true)
NULL
bool(false)
string(15) "untouched again"
bool(true)
int(0)
bool(true)
string(4) "last"
bool(false)
string(4) "kept"
bool(false)
string(9) "untouched"
bool(true)
string(1) "a"
bool(true)
NULL
bool(false)
string(15) "untouched again"
bool(true)
int(0)
bool(true)
string(4) "last"
bool(false)
string(4) "kept"
bool(false)
string(9) "untouched"
bool(true)
string(7) "offered"
tryPop returned
pusher released
bool(true)
string(5) "typed"
