--TEST--
withTimeout() returns $fn's result (any value) and passes the arguments after $fn on, named arguments included; $fn may be any callable
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\withTimeout;

var_dump(withTimeout(1, fn () => null));
var_dump(withTimeout(1, fn () => [1, 'two']));
var_dump(withTimeout(1, fn (int $a, int $b) => $a - $b, 10, 3));
var_dump(withTimeout(1, fn (int $a, int $b) => $a - $b, b: 10, a: 3));
var_dump(withTimeout(1, fn (...$rest) => $rest, 1, 2, x: 3));
var_dump(withTimeout(1, 'strtoupper', 'callable string'));
var_dump(withTimeout(1, [new ArrayObject([1, 2, 3]), 'count']));
$r = Chan\run(fn () => withTimeout(1, fn ($x) => "in a coroutine: $x", 'ok'));
var_dump($r);
?>
--EXPECT--
NULL
array(2) {
  [0]=>
  int(1)
  [1]=>
  string(3) "two"
}
int(7)
int(-7)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  ["x"]=>
  int(3)
}
string(15) "CALLABLE STRING"
int(3)
string(18) "in a coroutine: ok"
