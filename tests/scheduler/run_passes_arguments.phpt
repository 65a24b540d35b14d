--TEST--
run() passes extra arguments, positional and named, to its function and returns whatever it returns
--EXTENSIONS--
chan
--FILE--
<?php
function f(int $a, int $b = 10, int ...$rest) {
    return $a + $b + array_sum($rest);
}
var_dump(Chan\run('f', 1, 2, 3, 4));
var_dump(Chan\run('f', b: 5, a: 1));
var_dump(Chan\run('f', 7));
var_dump(Chan\run(fn (...$args) => $args, 'x', key: 'y'));
var_dump(Chan\run(fn () => null));
var_dump(Chan\run(function () {}));
$o = new stdClass;
var_dump(Chan\run(fn ($x) => $x, $o) === $o);
?>
--EXPECT--
int(10)
int(6)
int(17)
array(2) {
  [0]=>
  string(1) "x"
  ["key"]=>
  string(1) "y"
}
NULL
NULL
bool(true)
