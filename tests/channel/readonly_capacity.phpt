--TEST--
$capacity is a public readonly int: reading works, writing or unsetting it throws Error and leaves the channel unchanged
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(3);
var_dump($ch->capacity);
$rp = new ReflectionProperty(Channel::class, 'capacity');
var_dump($rp->isPublic(), $rp->isReadOnly(), (string) $rp->getType());

try {
    $ch->capacity = 10;
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    unset($ch->capacity);
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    $ref = &$ch->capacity;
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump($ch->capacity, $ch->stats()['capacity']);
$ch->push(1); $ch->push(2); $ch->push(3);
var_dump($ch->tryPush(4), count($ch));
?>
--EXPECTF--
int(3)
bool(true)
bool(true)
string(3) "int"
Error: Cannot modify readonly property Chan\Channel::$capacity
Error: Cannot unset readonly property Chan\Channel::$capacity
Error: Cannot %Smodify readonly property Chan\Channel::$capacity
int(3)
int(3)
bool(false)
int(3)
