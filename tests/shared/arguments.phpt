--TEST--
SharedChannel arguments: capacity and slot size below 1, an unmappable size, a second constructor call, clone, serialize
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\SharedChannel;

function show(callable $f) {
    try { $f(); echo "no error\n"; } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
show(fn() => new SharedChannel(0));
show(fn() => new SharedChannel(-5));
show(fn() => new SharedChannel(1, false, 0));
show(fn() => new SharedChannel(1, true, -1));
show(fn() => new SharedChannel(PHP_INT_MAX, false, 4096));
show(fn() => new SharedChannel(1 << 40, true, 1 << 30));
$ch = new SharedChannel(2);
show(fn() => $ch->__construct(2));
show(fn() => clone $ch);
show(fn() => serialize($ch));
show(fn() => $ch->pop(-1.0));
show(fn() => $ch->push(1, NAN));
var_dump($ch->capacity, count($ch));
--EXPECT--
ValueError: Chan\SharedChannel::__construct(): Argument #1 ($capacity) must be greater than or equal to 1
ValueError: Chan\SharedChannel::__construct(): Argument #1 ($capacity) must be greater than or equal to 1
ValueError: Chan\SharedChannel::__construct(): Argument #3 ($slotSize) must be between 1 and 2147483647
ValueError: Chan\SharedChannel::__construct(): Argument #3 ($slotSize) must be between 1 and 2147483647
ValueError: Chan\SharedChannel::__construct(): Argument #1 ($capacity) is too large: a channel of 9223372036854775807 slots of 4096 bytes cannot be mapped
ValueError: Chan\SharedChannel::__construct(): Argument #1 ($capacity) is too large: a channel of 1099511627776 slots of 1073741824 bytes cannot be mapped
Chan\Error: Chan\SharedChannel is constructed already
Error: Trying to clone an uncloneable object of class Chan\SharedChannel
Exception: Serialization of 'Chan\SharedChannel' is not allowed
ValueError: Chan\SharedChannel::pop(): Argument #1 ($timeout) must be null or greater than or equal to 0
ValueError: Chan\SharedChannel::push(): Argument #2 ($timeout) must be null or greater than or equal to 0
int(2)
int(0)
