--TEST--
The returned key is the case's key in $cases as given: string keys stay strings, integer keys (sparse, negative) stay integers, numeric strings become integers as PHP makes them
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

$ready = new Channel(1);
$idle = new Channel(0);

$ready->push(1);
var_dump(select(['idle' => $idle, 'ready' => $ready])[0]);

$ready->push(2);
var_dump(select([7 => $idle, -3 => $ready, 'x' => [$idle, 0]])[0]);

$ready->push(3);
var_dump(select(['' => $ready, 'b' => $idle])[0]);

// PHP itself turns "10" into the integer key 10.
$ready->push(4);
var_dump(select(['10' => $ready])[0]);

// A send case keeps its key too.
var_dump(select(['in' => $idle, 'out' => [$ready, 5]]));
var_dump($ready->pop());

// The same key works when select has to wait.
Chan\go(fn () => $idle->push('late'));
var_dump(select(['never' => new Channel(0), 'idle channel' => $idle]));
?>
--EXPECT--
string(5) "ready"
int(-3)
string(0) ""
int(10)
array(3) {
  [0]=>
  string(3) "out"
  [1]=>
  NULL
  [2]=>
  bool(true)
}
int(5)
array(3) {
  [0]=>
  string(12) "idle channel"
  [1]=>
  string(4) "late"
  [2]=>
  bool(true)
}
