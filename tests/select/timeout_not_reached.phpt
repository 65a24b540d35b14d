--TEST--
A case that fires before the timeout wins; the cancelled timer never fires afterwards, and select's timer takes its place among the scheduler's other timers
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$ch = new Channel(0);
go(function () use ($ch) {
    Coroutine::sleep(0.01);
    $ch->push('in time');
});
var_dump(select([$ch], 5.0));

// After the win, a later sleep and select are unaffected by the old timer.
Coroutine::sleep(0.02);
go(fn () => $ch->push('second'));
var_dump(select([$ch], 10));

// Timers fire in deadline order whoever owns them: sleeps and selects mixed.
$order = new Channel(10);
go(function () use ($order) { Coroutine::sleep(0.09); $order->push('sleep 0.09'); });
go(function () use ($order) { select([new Channel(0)], 0.03); $order->push('select 0.03'); });
go(function () use ($order) { Coroutine::sleep(0.06); $order->push('sleep 0.06'); });
go(function () use ($order) { select([], 0.12); $order->push('empty select 0.12'); });
for ($i = 0; $i < 4; $i++) {
    echo $order->pop(), "\n";
}
?>
--EXPECT--
array(3) {
  [0]=>
  int(0)
  [1]=>
  string(7) "in time"
  [2]=>
  bool(true)
}
array(3) {
  [0]=>
  int(0)
  [1]=>
  string(6) "second"
  [2]=>
  bool(true)
}
select 0.03
sleep 0.06
sleep 0.09
empty select 0.12
