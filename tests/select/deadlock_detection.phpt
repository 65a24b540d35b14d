--TEST--
A select that waits on cases nobody can ever fire is a deadlock like any other block: main's select throws Chan\DeadlockError, its registrations are removed and the channels stay usable
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\DeadlockError;
use function Chan\go;
use function Chan\select;

$a = new Channel(0);
$b = new Channel(1);
$b->push('full');
try {
    select(['a' => $a, 'b' => [$b, 'x']]);
    echo "returned\n";
} catch (DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
foreach ([$a, $b] as $ch) {
    $s = $ch->stats();
    echo "pushers={$s['pushers']} poppers={$s['poppers']} length={$s['length']}\n";
}

// Coroutines parked in select count as asleep too.
go(fn () => select([$a, new Channel(0)]));
go(fn () => select([[$b, 'y']]));
try {
    $a->push('nobody');   // the first select takes it: not a deadlock
    echo "push to the parked select succeeded\n";
    (new Channel(0))->pop();
} catch (DeadlockError $e) {
    echo "then: ", get_class($e), "\n";
}
// The select parked with [$b, 'y'] is still there; popping frees it.
var_dump($b->pop(), $b->pop());
?>
--EXPECT--
Chan\DeadlockError: all coroutines are asleep - deadlock!
pushers=0 poppers=0 length=0
pushers=0 poppers=0 length=1
push to the parked select succeeded
then: Chan\DeadlockError
string(4) "full"
string(1) "y"
