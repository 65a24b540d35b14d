--TEST--
A Channel case receives and a [Channel, $value] case sends; select returns the list [$key, $value, $ok] with null as the value of a send
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

foreach ([false, true] as $lock) {
    $in = new Channel(1, $lock);
    $out = new Channel(1, $lock);
    $idle = new Channel(0, $lock);

    // Only the receive case is ready: $out is full, $idle has no peer.
    $out->push('full');
    $in->push('hello');
    $r = select([$idle, $in, [$out, 'never'], [$idle, 'never']]);
    var_dump($r);
    var_dump(array_is_list($r), count($in));

    // Now only the send case is ready: $out has a free slot, $in is empty.
    var_dump($out->pop());
    $r = select([$in, [$out, ['a' => 1]], $idle]);
    var_dump($r);
    var_dump($out->pop(), count($out));
}
?>
--EXPECT--
array(3) {
  [0]=>
  int(1)
  [1]=>
  string(5) "hello"
  [2]=>
  bool(true)
}
bool(true)
int(0)
string(4) "full"
array(3) {
  [0]=>
  int(1)
  [1]=>
  NULL
  [2]=>
  bool(true)
}
array(1) {
  ["a"]=>
  int(1)
}
int(0)
array(3) {
  [0]=>
  int(1)
  [1]=>
  string(5) "hello"
  [2]=>
  bool(true)
}
bool(true)
int(0)
string(4) "full"
array(3) {
  [0]=>
  int(1)
  [1]=>
  NULL
  [2]=>
  bool(true)
}
array(1) {
  ["a"]=>
  int(1)
}
int(0)
