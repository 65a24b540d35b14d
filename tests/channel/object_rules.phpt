--TEST--
A Channel cannot be constructed twice (Chan\Error), cloned, serialized or given dynamic properties, and stays usable after each attempt
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

$ch = new Channel(2);
$ch->push('kept');
$attempts = [
    'construct again' => fn () => $ch->__construct(5, true),
    'clone' => fn () => clone $ch,
    'serialize' => fn () => serialize($ch),
    'dynamic property' => function () use ($ch) { $ch->extra = 1; },
];
foreach ($attempts as $name => $attempt) {
    try {
        $attempt();
        echo "$name: allowed\n";
    } catch (Throwable $e) {
        echo "$name: ", get_class($e), "\n";
    }
}
var_dump($ch->capacity, $ch->stats()['queue'], count($ch), $ch->pop());
?>
--EXPECT--
construct again: Chan\Error
clone: Error
serialize: Exception
dynamic property: Error
int(2)
string(8) "lockfree"
int(1)
string(4) "kept"
