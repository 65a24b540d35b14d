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
// Each deadline is $s after a common moment (the first timer set, plus 0.5 s
// for all four to be set), so a coroutine that starts late (the first run of
// code under valgrind can take 100 ms and more) keeps its deadline's place.
$order = new Channel(10);
$first = null;
$left = function (float $s) use (&$first): float {
    $first ??= hrtime(true);
    return max(0, 0.5 + $s - (hrtime(true) - $first) / 1e9);
};
go(function () use ($order, $left) { Coroutine::sleep($left(0.3)); $order->push('sleep 0.3'); });
go(function () use ($order, $left) { select([new Channel(0)], $left(0.1)); $order->push('select 0.1'); });
go(function () use ($order, $left) { Coroutine::sleep($left(0.2)); $order->push('sleep 0.2'); });
go(function () use ($order, $left) { select([], $left(0.4)); $order->push('empty select 0.4'); });
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
select 0.1
sleep 0.2
sleep 0.3
empty select 0.4
