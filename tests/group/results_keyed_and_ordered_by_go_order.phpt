--TEST--
Group::wait() returns the members' return values keyed by go() order (0, 1, ...) and in that order, whatever order they finish in, including members started by members while wait() waits and any value (null, false, arrays, objects); named arguments are passed on; go() returns the member's coroutine id
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$finished = [];
$gate = [new Channel(0), new Channel(0), new Channel(0)];
$ids = [];
foreach (['first', 'second', 'third'] as $i => $name) {
    $ids[] = $g->go(function (string $name, int $i) use ($gate, &$finished) {
        $gate[$i]->pop();
        $finished[] = $name;
        return "$name result";
    }, $name, $i);
}
$ids[] = $g->go(fn (int $a, int $b) => $a - $b, b: 1, a: 10);
$ids[] = $g->go(fn () => null);
$ids[] = $g->go(fn () => false);
$ids[] = $g->go(function () use ($g) {
    // A member starting another member: it is waited for too.
    $g->go(function () {
        Coroutine::sleep(0.02);
        return 'started by a member';
    });
    return ['array', 1];
});
$ids[] = $g->go(fn () => new ArrayObject(['object']));
echo "ids: ", json_encode($ids === range($ids[0], $ids[0] + 7)), "\n";

// Release the gated members in reverse order.
Chan\go(function () use ($gate) {
    foreach ([2, 1, 0] as $i) {
        $gate[$i]->push(true);
    }
});
$r = $g->wait();
echo "finished in order: ", implode(', ', $finished), "\n";
var_dump($r);
?>
--EXPECTF--
ids: true
finished in order: third, second, first
array(9) {
  [0]=>
  string(12) "first result"
  [1]=>
  string(13) "second result"
  [2]=>
  string(12) "third result"
  [3]=>
  int(9)
  [4]=>
  NULL
  [5]=>
  bool(false)
  [6]=>
  array(2) {
    [0]=>
    string(5) "array"
    [1]=>
    int(1)
  }
  [7]=>
  object(ArrayObject)#%d (1) {
    ["storage":"ArrayObject":private]=>
    array(1) {
      [0]=>
      string(6) "object"
    }
  }
  [8]=>
  string(19) "started by a member"
}
