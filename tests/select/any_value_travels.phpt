--TEST--
Any value travels through select sends and receives (null and false with $ok = true, arrays, objects, closures, resources), by reference in $cases too, and the receiver owns it after the sender's array is gone
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$values = [null, false, 0, '', [1, [2]], new ArrayObject([3]), fn ($x) => $x * 2, STDOUT];
$ch = new Channel(0);
go(function () use ($ch, $values) {
    foreach ($values as $v) {
        select([[$ch, $v]]);
    }
    // A value only referenced by the cases array.
    select([[$ch, new ArrayObject(['temporary'])]]);
    // Cases held by reference are followed.
    $c = $ch;
    $val = 'by reference';
    $cases = [[&$c, &$val]];
    select($cases);
});
$received = [];
foreach ($values as $i => $v) {
    [$k, $got, $ok] = select(['recv' => $ch]);
    echo $i, ": ", $ok ? "ok" : "NOT OK", ", ", $got === $v ? "same" : "DIFFERENT", "\n";
    $received[] = $got;
}
echo "closure works: ", $received[6](21), "\n";
[, $tmp] = select([$ch]);
Coroutine::yield();
var_dump($tmp->getArrayCopy());
$cases = [&$ch];
var_dump(select($cases)[1]);
?>
--EXPECT--
0: ok, same
1: ok, same
2: ok, same
3: ok, same
4: ok, same
5: ok, same
6: ok, same
7: ok, same
closure works: 42
array(1) {
  [0]=>
  string(9) "temporary"
}
string(12) "by reference"
