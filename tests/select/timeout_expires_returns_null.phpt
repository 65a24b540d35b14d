--TEST--
A positive timeout that expires returns null (no exception), no earlier than the timeout, takes the select off every channel, and is not a deadlock
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;
use function Chan\select;

$a = new Channel(0);
$b = new Channel(1);
$b->push('full');

// In main, with no other coroutine: a timer is pending, so no deadlock.
$t = hrtime(true);
var_dump(select([$a, [$b, 'x'], [$a, 'y']], 0.05));
var_dump((hrtime(true) - $t) / 1e9 >= 0.04);
foreach ([$a, $b] as $ch) {
    $s = $ch->stats();
    echo "pushers={$s['pushers']} poppers={$s['poppers']} length={$s['length']}\n";
}
// The send case's value was not delivered.
var_dump($b->pop(), count($b));

// The expired select is really gone: a later push to $a finds no popper.
try {
    $a->push('late', 0);
} catch (Chan\TimeoutException) {
    echo "no popper left\n";
}

// In a coroutine, while main waits for it.
$wg = new Chan\WaitGroup(1);
go(function () use ($a, $wg) {
    var_dump(select(['a' => $a], 0.05));
    $wg->done();
});
$wg->wait();
var_dump($a->stats()['poppers']);
?>
--EXPECT--
NULL
bool(true)
pushers=0 poppers=0 length=0
pushers=0 poppers=0 length=1
string(4) "full"
int(0)
no popper left
NULL
int(0)
