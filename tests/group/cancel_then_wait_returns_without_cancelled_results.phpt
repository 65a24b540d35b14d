--TEST--
Group::cancel() cancels every unfinished member: wait() then returns normally with the results of members that had finished and of a member that caught its cancellation and returned, without entries for members ended by their cancellation; members started by go() after cancel() never run and have no entry
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$g->go(fn () => 'finished before the cancel');
$g->go(fn () => Coroutine::sleep(30));
$g->go(function () {
    try {
        (new Channel(0))->pop();
    } catch (Chan\CancelledException $e) {
        return 'caught its cancellation and returned';
    }
});
$g->go(function () {
    Coroutine::cancel(Coroutine::id());   // its own cancellation: no entry
    Coroutine::yield();                   // throws it at once
    return 'must not be returned';
});
Coroutine::yield();
echo "unfinished: ", $g->count(), "\n";
$g->cancel();
$id = $g->go(function () {
    echo "started after cancel(): must not run\n";
    return 'must not be returned';
});
echo "go() after cancel() still returns an id: ", json_encode(is_int($id) && $id > 0), "\n";
$g->cancel();   // again: nothing more happens
$r = $g->wait();
var_dump($r);
echo "unfinished: ", $g->count(), ", live: ", Coroutine::count(), "\n";
?>
--EXPECT--
unfinished: 2
go() after cancel() still returns an id: true
array(2) {
  [0]=>
  string(26) "finished before the cancel"
  [2]=>
  string(36) "caught its cancellation and returned"
}
unfinished: 0, live: 0
