--TEST--
serialize() of a Channel or WaitGroup (also nested in an array) and unserialize() of Channel, WaitGroup or Coroutine payloads are refused
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{Channel, WaitGroup};

function check(callable $f): void {
    try {
        var_dump($f());
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

$ch = new Channel(1);
$ch->push(42);
check(fn() => serialize($ch));
check(fn() => serialize(new WaitGroup(1)));
check(fn() => serialize(['x' => [$ch]]));
check(fn() => unserialize('O:12:"Chan\Channel":0:{}'));
check(fn() => unserialize('O:12:"Chan\Channel":1:{s:8:"capacity";i:5;}'));
check(fn() => unserialize('C:12:"Chan\Channel":0:{}'));
check(fn() => unserialize('O:14:"Chan\WaitGroup":0:{}'));
check(fn() => unserialize('O:14:"Chan\Coroutine":0:{}'));
check(fn() => unserialize('a:1:{i:0;O:12:"Chan\Channel":0:{}}'));
// The channel and its value are untouched.
var_dump($ch->pop());
?>
--EXPECT--
Exception: Serialization of 'Chan\Channel' is not allowed
Exception: Serialization of 'Chan\WaitGroup' is not allowed
Exception: Serialization of 'Chan\Channel' is not allowed
Exception: Unserialization of 'Chan\Channel' is not allowed
Exception: Unserialization of 'Chan\Channel' is not allowed
Exception: Unserialization of 'Chan\Channel' is not allowed
Exception: Unserialization of 'Chan\WaitGroup' is not allowed
Exception: Unserialization of 'Chan\Coroutine' is not allowed
Exception: Unserialization of 'Chan\Channel' is not allowed
int(42)
