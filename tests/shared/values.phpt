--TEST--
SharedChannel values: a serialization longer than the slot (ValueError), one that serialize() refuses (its exception), nothing pushed either way; exactly the slot size fits
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\SharedChannel;

foreach ([false, true] as $lock) {
    $ch = new SharedChannel(4, $lock, 32);
    for ($n = 0; strlen(serialize(str_repeat('a', $n + 1))) <= 32; $n++);
    $fits = str_repeat('a', $n);
    var_dump(strlen(serialize($fits)));
    $ch->push($fits);
    try { $ch->push($fits . 'b'); } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    try { $ch->tryPush($fits . 'b'); } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    try { $ch->push(function () {}); } catch (Exception $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    try { $ch->tryPush(new class {}); } catch (Exception $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    var_dump(count($ch), $ch->pop() === $fits);
}
--EXPECT--
int(32)
ValueError: Chan\SharedChannel::push(): Argument #1 ($value) serializes to 33 bytes, more than the slot size of 32
ValueError: Chan\SharedChannel::tryPush(): Argument #1 ($value) serializes to 33 bytes, more than the slot size of 32
Exception: Serialization of 'Closure' is not allowed
Exception: Serialization of 'class@anonymous' is not allowed
int(1)
bool(true)
int(32)
ValueError: Chan\SharedChannel::push(): Argument #1 ($value) serializes to 33 bytes, more than the slot size of 32
ValueError: Chan\SharedChannel::tryPush(): Argument #1 ($value) serializes to 33 bytes, more than the slot size of 32
Exception: Serialization of 'Closure' is not allowed
Exception: Serialization of 'class@anonymous' is not allowed
int(1)
bool(true)
