--TEST--
A select that waits on cases nobody can ever fire is a deadlock like any other block: main's select throws Chan\DeadlockError, its registrations are removed and the channels stay usable; coroutines parked in select are destroyed with the deadlock, their offers withdrawn
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
// The select parked with [$b, 'y'] was destroyed with the deadlock: its
// offer is gone, only the buffered value is left.
var_dump(Chan\Coroutine::count(), $b->pop(), $b->stats()['pushers'], $b->tryPop($v));
?>
--EXPECTF--
Chan\DeadlockError: all coroutines are asleep - deadlock!

main [Chan\select] at %sdeadlock_detection.php:%d
pushers=0 poppers=0 length=0
pushers=0 poppers=0 length=1
push to the parked select succeeded
then: Chan\DeadlockError
int(0)
string(4) "full"
int(0)
bool(false)
