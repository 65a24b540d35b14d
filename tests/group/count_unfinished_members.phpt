--TEST--
Group::count() is the number of members not yet finished: a member queued but not started counts, one parked counts, a finished, failed or cancelled one does not
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
echo "new group: ", $g->count(), "\n";
$ch = new Channel(0);
$g->go(fn () => $ch->pop());
$g->go(fn () => $ch->pop());
$g->go(fn () => 'returns at once');
echo "three queued: ", $g->count(), "\n";
Coroutine::yield();
echo "two parked, one finished: ", $g->count(), "\n";
$ch->push('x');
Coroutine::yield();
echo "one parked: ", $g->count(), "\n";
$g->cancel();
echo "cancelled, not yet run: ", $g->count(), "\n";
Coroutine::yield();
echo "cancelled and ended: ", $g->count(), "\n";
$g->go(fn () => 'never runs');
echo "started after cancel, not yet ended: ", $g->count(), "\n";
$g->wait();
echo "after wait: ", $g->count(), "\n";

$f = new Group();
$f->go(fn () => throw new RuntimeException('x'));
Coroutine::yield();
echo "failed member: ", $f->count(), "\n";
try { $f->wait(); } catch (RuntimeException $e) {}
?>
--EXPECT--
new group: 0
three queued: 3
two parked, one finished: 2
one parked: 1
cancelled, not yet run: 1
cancelled and ended: 0
started after cancel, not yet ended: 1
after wait: 0
failed member: 0
