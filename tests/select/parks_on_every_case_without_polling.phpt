--TEST--
A select that must wait is registered on every case's channel at once (as popper or pusher), does no busy-waiting while parked (no context switches), and is woken exactly once
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

function show(array $chs): void {
    foreach ($chs as $name => $ch) {
        $s = $ch->stats();
        echo "  $name: pushers={$s['pushers']} poppers={$s['poppers']}\n";
    }
}

$r1 = new Channel(0);
$r2 = new Channel(1);
$s1 = new Channel(0);
$s2 = new Channel(1);
$s2->push('full');
$all = compact('r1', 'r2', 's1', 's2');

$runs = 0;
go(function () use ($r1, $r2, $s1, $s2, &$runs) {
    $runs++;
    $r = select([$r1, $r2, [$s1, 'x'], [$s2, 'y']]);
    $runs++;
    echo "woken: ", json_encode($r), "\n";
});
Coroutine::yield();
echo "parked:\n";
show($all);

// While it is parked and main sleeps, nothing switches back and forth.
$before = Coroutine::stats()['switches'];
Coroutine::sleep(0.05);
$switches = Coroutine::stats()['switches'] - $before;
echo "switches while parked: ", $switches <= 2 ? "few" : "$switches (polling?)", "\n";
var_dump($runs);

// The push to $r2 hands its value straight to the parked select; every
// other case then becomes ready too before the select runs again.
$r2->push('r2');
var_dump($r1->tryPush('r1'));   // no popper left on $r1
var_dump($s1->tryPop($v));      // no pusher left on $s1
var_dump($s2->pop());           // frees a slot: the select's send is gone
var_dump(count($s2));
Coroutine::yield();
Coroutine::yield();
var_dump($runs);
echo "after:\n";
show($all);

// Main parked in select with a timeout: no polling either.
$before = Coroutine::stats()['switches'];
var_dump(select([$s1, $r1], 0.05));
$switches = Coroutine::stats()['switches'] - $before;
echo "main switches while parked: ", $switches <= 2 ? "few" : "$switches (polling?)", "\n";
?>
--EXPECT--
parked:
  r1: pushers=0 poppers=1
  r2: pushers=0 poppers=1
  s1: pushers=1 poppers=0
  s2: pushers=1 poppers=0
switches while parked: few
int(1)
bool(false)
bool(false)
string(4) "full"
int(0)
woken: [1,"r2",true]
int(2)
after:
  r1: pushers=0 poppers=0
  r2: pushers=0 poppers=0
  s1: pushers=0 poppers=0
  s2: pushers=0 poppers=0
NULL
main switches while parked: few
