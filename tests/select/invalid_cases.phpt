--TEST--
A case that is not a Channel throws TypeError, an array case that is not a [Channel, value] pair throws ValueError, both naming the case's key; nothing is received, sent or registered when any case is bad
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

$ch = new Channel(1);
$ch->push('kept');
$full = new Channel(1);
$full->push('full');
$empty = new Channel(1);

$bad = [
    'int' => [1],
    'string key' => ['k' => 'not a channel'],
    'null' => [null],
    'object' => [2 => new stdClass],
    'closure' => [fn () => $ch],
    'one element' => [[$ch]],
    'three elements' => ['three' => [$ch, 1, 2]],
    'empty pair' => [[]],
    'string keys in pair' => [['a' => $ch, 'b' => 1]],
    'keys 1 and 2' => [[1 => $ch, 2 => 1]],
    'pair of non-channel' => [[new stdClass, 1]],
    'pair value first' => ['p' => [1, $ch]],
    // A bad case after cases that are ready must not consume them.
    'after ready cases' => [$ch, [$empty, 'x'], 'last' => 5],
    'after many cases' => array_merge(array_fill(0, 10, $full), ['x' => false]),
];
foreach ($bad as $what => $cases) {
    try {
        select($cases, 0);
        echo "$what: no error\n";
    } catch (TypeError|ValueError $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

// A long key is shortened in the message, not overflowed.
try {
    select([str_repeat('k', 200) => 1]);
} catch (TypeError $e) {
    var_dump(str_contains($e->getMessage(), "case '" . str_repeat('k', 40)));
}

// The array itself must be an array.
try {
    select($ch);
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// Nothing was touched by the failed calls.
foreach (['ch' => $ch, 'full' => $full, 'empty' => $empty] as $name => $c) {
    $s = $c->stats();
    echo "$name: length={$s['length']} pushers={$s['pushers']} poppers={$s['poppers']}\n";
}
?>
--EXPECT--
int: TypeError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair, int given
string key: TypeError: Chan\select(): Argument #1 ($cases) case 'k' must be a Chan\Channel or a [Chan\Channel, value] pair, string given
null: TypeError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair, null given
object: TypeError: Chan\select(): Argument #1 ($cases) case 2 must be a Chan\Channel or a [Chan\Channel, value] pair, stdClass given
closure: TypeError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair, Closure given
one element: ValueError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair
three elements: ValueError: Chan\select(): Argument #1 ($cases) case 'three' must be a Chan\Channel or a [Chan\Channel, value] pair
empty pair: ValueError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair
string keys in pair: ValueError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair
keys 1 and 2: ValueError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair
pair of non-channel: TypeError: Chan\select(): Argument #1 ($cases) case 0 must be a Chan\Channel or a [Chan\Channel, value] pair, stdClass given
pair value first: TypeError: Chan\select(): Argument #1 ($cases) case 'p' must be a Chan\Channel or a [Chan\Channel, value] pair, int given
after ready cases: TypeError: Chan\select(): Argument #1 ($cases) case 'last' must be a Chan\Channel or a [Chan\Channel, value] pair, int given
after many cases: TypeError: Chan\select(): Argument #1 ($cases) case 'x' must be a Chan\Channel or a [Chan\Channel, value] pair, bool given
bool(true)
TypeError: Chan\select(): Argument #1 ($cases) must be of type array, Chan\Channel given
ch: length=1 pushers=0 poppers=0
full: length=1 pushers=0 poppers=0
empty: length=0 pushers=0 poppers=0
