--TEST--
A negative or NAN timeout throws ValueError (a non-number TypeError) naming $timeout, for push and pop, and changes nothing
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(1);
$ch->push('kept');
$calls = [
    'pop(-1)' => fn () => $ch->pop(-1),
    'pop(-0.001)' => fn () => $ch->pop(-0.001),
    'pop(NAN)' => fn () => $ch->pop(NAN),
    'pop(-INF)' => fn () => $ch->pop(-INF),
    'push(-1)' => fn () => $ch->push('x', -1),
    'push(NAN)' => fn () => $ch->push('x', NAN),
    'push(-INF)' => fn () => $ch->push('x', -INF),
];
foreach ($calls as $name => $call) {
    try {
        $call();
        echo "$name: no exception\n";
    } catch (ValueError $e) {
        echo "$name: ", get_class($e), " ", str_contains($e->getMessage(), '$timeout') ? 'names $timeout' : $e->getMessage(), "\n";
    }
}
foreach (['pop' => fn () => $ch->pop('soon'), 'push' => fn () => $ch->push('x', [])] as $name => $call) {
    try {
        $call();
    } catch (TypeError $e) {
        echo "$name: ", get_class($e), " ", str_contains($e->getMessage(), '$timeout') ? 'names $timeout' : $e->getMessage(), "\n";
    }
}
var_dump(count($ch), $ch->pop());
?>
--EXPECT--
pop(-1): ValueError names $timeout
pop(-0.001): ValueError names $timeout
pop(NAN): ValueError names $timeout
pop(-INF): ValueError names $timeout
push(-1): ValueError names $timeout
push(NAN): ValueError names $timeout
push(-INF): ValueError names $timeout
pop: TypeError names $timeout
push: TypeError names $timeout
int(1)
string(4) "kept"
