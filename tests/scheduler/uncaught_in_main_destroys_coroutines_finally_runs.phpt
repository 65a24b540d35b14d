--TEST--
When the script dies of an uncaught exception thrown by main while coroutines are alive, they are destroyed as PHP destroys suspended Fibers then: after the fatal error, the finally blocks of coroutines parked in pop(), sleep() and WaitGroup::wait() and of a runnable one run (so does a suspended Fiber's), newest first; a coroutine never started never runs
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel();
$wg = new WaitGroup();
$wg->add(1);
go(function () use ($ch) { try { $ch->pop(); echo "must not resume\n"; } finally { echo "finally: pop\n"; } });
go(function () { try { Coroutine::sleep(60); echo "must not resume\n"; } finally { echo "finally: sleep\n"; } });
go(function () use ($wg) { try { $wg->wait(); } finally { echo "finally: wait\n"; } });
go(function () { try { while (true) { Coroutine::yield(); } } finally { echo "finally: runnable\n"; } });
$fiber = new Fiber(function () { try { Fiber::suspend(); } finally { echo "finally: fiber\n"; } });
$fiber->start();
Coroutine::yield(); // every coroutine above has started and parked (or yields)
go(function () { echo "never started: must not run\n"; });
echo "main throws\n";
throw new RuntimeException("main dies");
?>
--EXPECTF--
main throws

Fatal error: Uncaught RuntimeException: main dies in %s:%d
Stack trace:
#0 {main}
  thrown in %s on line %d
finally: fiber
finally: runnable
finally: wait
finally: sleep
finally: pop
