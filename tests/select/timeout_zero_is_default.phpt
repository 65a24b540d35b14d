--TEST--
$timeout = 0 is Go's default: null at once when no case is ready, the ready case otherwise; it never switches to another coroutine and leaves nothing registered on the channels
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$a = new Channel(0);
$b = new Channel(1);

go(function () { echo "queued coroutine runs\n"; });
$switches = Coroutine::stats()['switches'];

var_dump(select([$a, $b, [$a, 'x']], 0));
var_dump(select([$a, $b, [$a, 'x']], 0.0));
$b->push('ready');
var_dump(select([$a, $b], 0)[1]);
var_dump(select([[$b, 'sent']], 0)[0]);
var_dump(select([[$b, 'no room']], 0));
var_dump($b->pop());

// Nothing ran in between, and no select stayed parked.
var_dump(Coroutine::stats()['switches'] === $switches);
foreach ([$a, $b] as $ch) {
    $s = $ch->stats();
    echo "pushers={$s['pushers']} poppers={$s['poppers']}\n";
}

// A push with timeout 0 fails: the select left no popper behind.
try {
    $a->push('x', 0);
} catch (Chan\TimeoutException) {
    echo "no popper left on \$a\n";
}
echo "main yields\n";
Coroutine::yield();

// Inside a coroutine too, select(..., 0) does not let others run.
go(function () use ($a) {
    go(function () { echo "second coroutine runs\n"; });
    var_dump(select([$a], 0));
    echo "first coroutine goes on\n";
});
Coroutine::yield();
Coroutine::yield();
?>
--EXPECT--
NULL
NULL
string(5) "ready"
int(0)
NULL
string(4) "sent"
bool(true)
pushers=0 poppers=0
pushers=0 poppers=0
no popper left on $a
main yields
queued coroutine runs
NULL
first coroutine goes on
second coroutine runs
