--TEST--
A member cancelled (by Group::cancel() after it was woken with a value, or by itself while running) that returns without another blocking call has its result in wait()'s array: a cancellation is only delivered at a blocking call
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$ch = new Channel(0);
$g->go(function () use ($ch) {
    $v = $ch->pop();
    return "woken with $v, then cancelled";
});
$g->go(function () {
    Coroutine::cancel(Coroutine::id());   // while running
    return "cancelled while running";
});
$g->go(fn () => Coroutine::sleep(30));
Coroutine::yield();
$ch->push('a value');   // the popper is runnable, not yet back
$g->cancel();
var_dump($g->wait());
?>
--EXPECT--
array(2) {
  [0]=>
  string(34) "woken with a value, then cancelled"
  [1]=>
  string(23) "cancelled while running"
}
