--TEST--
Chan\after() as select()'s timeout case: with nothing on the other channel select() returns the after() case (key and a float); when a coroutine sends first, select() returns that value and the timer's channel is left alone; in a loop, a fresh after() each time and nobody sending, every round ends by the timer
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\{after, go, select};

$ch = new Channel();
$r = select(['work' => $ch, 'timeout' => after(0.02)]);
var_dump($r[0], is_float($r[1]), $r[2]);

Chan\run(function () use ($ch) {
    go(function () use ($ch) { $ch->push('job'); });
    $t = after(30);
    var_dump(select(['work' => $ch, 'timeout' => $t]));
    $t->close();
    $rounds = 0;
    for ($i = 0; $i < 5; $i++) {
        $rounds += select([$ch, 'timeout' => after(0.001)])[0] === 'timeout';
    }
    echo "rounds ended by the timer: $rounds\n";
});
?>
--EXPECT--
string(7) "timeout"
bool(true)
bool(true)
array(3) {
  [0]=>
  string(4) "work"
  [1]=>
  string(3) "job"
  [2]=>
  bool(true)
}
rounds ended by the timer: 5
