<?php
/**
 * The scenario programs of selftest.php: name => PHP source written against
 * the extension's API (namespace Chan). Each prints a trace whose every line
 * is decided by SPEC.md / the stub (ordering, values, exceptions), never by
 * timing: deadlines that race are far apart.
 *
 * @return array<string, string>
 */

declare(strict_types=1);

return [

'go_fifo_and_lazy_start' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

$ids = [];
for ($i = 0; $i < 3; $i++) {
    $ids[] = go(function () use ($i) { echo "co $i (id ", Coroutine::id(), ") starts\n"; });
}
echo "spawned ", implode(",", $ids), "; nothing ran yet; count=", Coroutine::count(), "\n";
Coroutine::yield();
echo "main back, count=", Coroutine::count(), " id=", Coroutine::id(), "\n";
PHP,

'yield_round_robin' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

foreach (['a', 'b', 'c'] as $name) {
    go(function () use ($name) {
        for ($i = 0; $i < 3; $i++) {
            echo "$name$i ";
            Coroutine::yield();
        }
    });
}
go(function () { echo "[late] "; go(fn() => print("[spawned by late] ")); });
for ($i = 0; $i < 5; $i++) {
    echo "| main$i ";
    Coroutine::yield();
}
echo "\n";
PHP,

'unbuffered_handoff_is_lazy' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    echo "popper parks\n";
    $v = $ch->pop();
    echo "popper got $v\n";
});
go(function () use ($ch) {
    echo "pusher hands off\n";
    $ch->push("x");
    echo "pusher goes on before the popper runs\n";
    $ch->push("y");   // parks: nobody pops
    echo "pusher released\n";
});
Coroutine::yield();
echo "main pops: ", $ch->pop(), "\n";
echo "isEmpty/isFull on unbuffered: ", var_export($ch->isEmpty(), true), "/", var_export($ch->isFull(), true), "\n";
Coroutine::yield();
echo "end\n";
PHP,

'buffered_fifo_and_pop_moves_pusher_in' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(2);
for ($p = 1; $p <= 3; $p++) {
    go(function () use ($ch, $p) {
        for ($i = 0; $i < 2; $i++) {
            $ch->push("p$p.$i");
            echo "p$p pushed $i (count=", count($ch), ")\n";
        }
    });
}
Coroutine::yield();
echo "stats: ", json_encode($ch->stats()), "\n";
while (($v = $ch->pop(0)) !== null) {
    echo "main popped $v; count=", count($ch), " pushers=", $ch->stats()['pushers'], "\n";
    if ($ch->isEmpty() && $ch->stats()['pushers'] === 0) {
        Coroutine::yield();
        if ($ch->isEmpty()) {
            break;
        }
    }
}
echo "done\n";
PHP,

'fcfs_poppers_and_pushers' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
foreach (['A', 'B', 'C'] as $n) {
    go(function () use ($ch, $n) { echo "$n got ", $ch->pop(), "\n"; });
}
Coroutine::yield();
foreach ([1, 2, 3] as $v) {
    $ch->push($v);
}
Coroutine::yield();
foreach (['X', 'Y', 'Z'] as $n) {
    go(function () use ($ch, $n) { $ch->push($n); echo "$n delivered\n"; });
}
Coroutine::yield();
for ($i = 0; $i < 3; $i++) {
    echo "main popped ", $ch->pop(), "\n";
}
Coroutine::yield();
PHP,

'main_blocking_drives_scheduler' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\WaitGroup;
use function Chan\go;

$in = new Channel(0);
$out = new Channel(3);
$wg = new WaitGroup(2);
for ($w = 0; $w < 2; $w++) {
    go(function () use ($in, $out, $wg, $w) {
        foreach ($in as $k => $v) {
            echo "worker $w: item $k = $v\n";
            $out->push($v * 10);
        }
        $wg->done();
    });
}
for ($i = 1; $i <= 5; $i++) {
    $in->push($i);
    echo "main pushed $i\n";
}
$in->close();
go(function () use ($wg, $out) { $wg->wait(); $out->close(); });
$sum = 0;
foreach ($out as $v) {
    $sum += $v;
}
echo "sum $sum\n";
PHP,

'sleep_order_and_sleep_zero' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

foreach ([0.06, 0.02, 0.04] as $d) {
    go(function () use ($d) { Coroutine::sleep($d); echo "slept $d\n"; });
}
go(function () { Coroutine::sleep(0); echo "sleep(0) is a yield\n"; });
go(function () { echo "second in line\n"; });
Coroutine::sleep(0.1);
foreach ([-1.0, NAN] as $bad) {
    try {
        Coroutine::sleep($bad);
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
PHP,

'timer_wake_joins_tail_and_is_not_starved' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

$stop = false;
go(function () use (&$stop) { Coroutine::sleep(0.02); echo "sleeper woke\n"; $stop = true; });
go(function () use (&$stop) {
    $n = 0;
    while (!$stop) { Coroutine::yield(); $n++; }
    echo "spinner saw the sleeper: ", $n > 0 ? "yes" : "no", "\n";
});
Coroutine::sleep(0.05);
echo "main\n";
PHP,

'timeouts' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\TimeoutException;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel(1);
$try = function (string $what, callable $f) {
    try {
        $r = $f();
        echo "$what: ", json_encode($r), "\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
};
$try('pop 0 empty', fn() => $ch->pop(0));
$try('pop 0.01 empty', fn() => $ch->pop(0.01));
$ch->push(1);
$try('push 0 full', fn() => $ch->push(2, 0));
$try('push 0.01 full', fn() => $ch->push(2, 0.01));
$try('pop -1', fn() => $ch->pop(-1));
$try('push NAN', fn() => $ch->push(1, NAN));
$try('pop INF ready', fn() => $ch->pop(INF));
$try('wait 0', fn() => (new WaitGroup(1))->wait(0));
$try('wait 0.01', fn() => (new WaitGroup(1))->wait(0.01));
$try('wait -2', fn() => (new WaitGroup(1))->wait(-2));
// Woken by a value before the timer: no timeout reported.
go(function () use ($ch) { $ch->push("in time"); });
$try('pop 5 served', fn() => $ch->pop(5));
$u = new Channel(0);
go(function () use ($u) { echo "late popper got ", $u->pop(), "\n"; });
$try('push 5 served', fn() => $u->push("handed", 5));
PHP,

'close_semantics' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(2);
$ch->push("kept 1");
$ch->push("kept 2");
go(function () use ($ch) {
    try { $ch->push("blocked"); } catch (Chan\ClosedException $e) { echo "pusher: ", $e->getMessage(), "\n"; }
});
$u = new Channel(0);
foreach ([1, 2] as $n) {
    go(function () use ($u, $n) {
        try { $u->pop(); } catch (Chan\ClosedException $e) { echo "popper $n: ", $e->getMessage(), "\n"; }
    });
}
Coroutine::yield();
var_dump($ch->close(), $ch->close(), $u->close(), $ch->isClosed());
echo "closer goes on first\n";
Coroutine::yield();
echo $ch->pop(), ", ", $ch->pop(), "\n";
try { $ch->pop(); } catch (Chan\ClosedException $e) { echo "drained: ", $e->getMessage(), "\n"; }
try { $ch->pop(0); } catch (Chan\ClosedException $e) { echo "drained, timeout 0: ", $e->getMessage(), "\n"; }
try { $ch->push(1); } catch (Chan\ClosedException $e) { echo "push: ", $e->getMessage(), "\n"; }
try { $ch->tryPush(1); } catch (Chan\ClosedException $e) { echo "tryPush: ", $e->getMessage(), "\n"; }
var_dump($ch->tryPop($v), $v ?? 'untouched');
echo json_encode($ch->stats()), "\n";
PHP,

'try_push_try_pop' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$u = new Channel(0);
var_dump($u->tryPush(1));            // nobody waits
go(function () use ($u) { echo "popper got ", $u->pop(), "\n"; });
Coroutine::yield();
var_dump($u->tryPush("direct"));     // parked popper: hand-off
$v = "untouched";
var_dump($u->tryPop($v), $v);
go(function () use ($u) { $u->push("from pusher"); echo "pusher done\n"; });
Coroutine::yield();
var_dump($u->tryPop($v), $v);
Coroutine::yield();
$b = new Channel(1);
var_dump($b->tryPush([1, 2]), $b->tryPush(3), count($b), $b->isFull());
var_dump($b->tryPop(), count($b));
PHP,

'foreach_keys_and_two_loops' => <<<'PHP'
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel(1);
go(function () use ($ch) {
    foreach (range(1, 6) as $i) {
        $ch->push($i);
    }
    $ch->close();
});
foreach (['first', 'second'] as $loop) {
    go(function () use ($ch, $loop) {
        foreach ($ch as $k => $v) {
            echo "$loop: $k => $v\n";
        }
        echo "$loop: ended\n";
    });
}
foreach ($ch as $k => $v) {
    echo "main: $k => $v\n";
}
echo "main: ended\n";
PHP,

'any_value_travels' => <<<'PHP'
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel(0);
$values = [null, false, 0, 1.5, "", "s", [1, [2]], new ArrayObject([3]), fn($x) => $x * 2, STDIN];
go(function () use ($ch, $values) {
    foreach ($values as $v) {
        $ch->push($v);
    }
    $ch->close();
});
foreach ($ch as $v) {
    echo get_debug_type($v), " ", is_callable($v) && !is_string($v) ? $v(21) : json_encode(is_resource($v) ? 'res' : $v), "\n";
}
PHP,

'values_released_when_popped_or_destroyed' => <<<'PHP'
<?php
use Chan\Channel;

class T { public function __construct(public string $n) {} public function __destruct() { echo "release {$this->n}\n"; } }
$ch = new Channel(4);
$ch->push(new T("a"));
$ch->push(new T("b"));
$ch->push(new T("c"));
echo "pop a\n";
$ch->pop();
echo "after pop\n";
$ch->push(new T("d"));
$ch->push(new T("e"));
echo "unset channel\n";
unset($ch);
echo "after unset\n";
PHP,

'count_and_stats_with_parked' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(1, true);
$ch->push(0);
for ($i = 1; $i <= 3; $i++) {
    go(fn() => $ch->push($i));
}
Coroutine::yield();
echo count($ch), " ", json_encode($ch->stats()), "\n";
$u = new Channel();
for ($i = 0; $i < 2; $i++) {
    go(fn() => $u->pop(0.5));
}
Coroutine::yield();
echo count($u), " ", json_encode($u->stats()), "\n";
$u->push(1); $u->push(2);
while (!$ch->isEmpty()) { echo $ch->pop(), " "; Coroutine::yield(); }
echo "\n", json_encode($ch->stats()), " ", json_encode($u->stats()), "\n";
PHP,

'waitgroup' => <<<'PHP'
<?php
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup();
$wg->add(3);
echo "count ", $wg->count(), "\n";
foreach (['w1', 'w2'] as $n) {
    go(function () use ($wg, $n) { $wg->wait(); echo "$n released\n"; });
}
for ($i = 0; $i < 3; $i++) {
    go(function () use ($wg, $i) { Coroutine::yield(); echo "done $i\n"; $wg->done(); });
}
$wg->wait();
echo "main released, count ", $wg->count(), "\n";
$s = Coroutine::stats()['switches'];
$wg->wait();
echo "wait at zero switches: ", Coroutine::stats()['switches'] - $s, "\n";
try { $wg->done(); } catch (Chan\Error $e) { echo get_class($e), ": ", $e->getMessage(), " count ", $wg->count(), "\n"; }
try { $wg->add(-1); } catch (Chan\Error $e) { echo $e->getMessage(), "\n"; }
try { new WaitGroup(-1); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
$wg->add(PHP_INT_MAX);
try { $wg->add(1); } catch (Chan\Error $e) { echo $e->getMessage(), "\n"; }
$wg->add(-PHP_INT_MAX);
echo "reuse: ", $wg->count(), "\n";
Coroutine::yield();
PHP,

'select_basics' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$a = new Channel(1);
$b = new Channel(0);
echo json_encode(select([$a, 'b' => $b], 0)), "\n";           // default
echo json_encode(select(['x' => [$a, "sent"]], 0)), "\n";       // send into free slot
echo json_encode(select(['x' => [$a, "again"], 'r' => $b], 0)), "\n";  // nothing ready
echo json_encode(select([7 => $a])), "\n";                      // receive
go(function () use ($b) { Coroutine::yield(); $b->push("late"); echo "pusher done\n"; });
echo json_encode(select(['a' => $a, 'b' => $b])), "\n";         // parks, woken by push
go(function () use ($b) { echo "popper got ", $b->pop(), "\n"; });
echo json_encode(select(['s' => [$b, "to popper"], 'a' => $a])), "\n";
echo json_encode(select([$a, $b], 0.01)), "\n";                 // timeout
go(function () use ($b) { $b->close(); });
echo json_encode(select(['b' => $b, 'a' => $a])), "\n";         // closed: ok=false
try { select([[$b, 1]]); } catch (Chan\ClosedException $e) { echo $e->getMessage(), "\n"; }
$c = new Channel(0);
go(function () use ($c) { Coroutine::yield(); $c->close(); });
try { select([[$c, 1]]); } catch (Chan\ClosedException $e) { echo $e->getMessage(), "\n"; }
Coroutine::yield();
PHP,

'select_fairness_reproducible' => <<<'PHP'
<?php
use Chan\Channel;
use function Chan\select;

$chs = [];
for ($i = 0; $i < 4; $i++) {
    $chs[$i] = new Channel(1000);
    for ($j = 0; $j < 300; $j++) {
        $chs[$i]->push($i);
    }
}
mt_srand(42);
$hits = array_fill(0, 4, 0);
$seq = '';
for ($n = 0; $n < 400; $n++) {
    [$k] = select(['a' => $chs[0], 'b' => $chs[1], 'c' => $chs[2], 'd' => $chs[3]]);
    $hits[ord($k) - 97]++;
    if ($n < 40) $seq .= $k;
}
echo $seq, "\n", json_encode($hits), "\n";
echo "all cases chosen: ", min($hits) > 50 ? "yes" : "no", "\n";
// one ready case draws nothing: the stream of mt_rand() is untouched
mt_srand(7);
select([$chs[0], new Channel(0)], 0);
echo mt_rand(), "\n";
PHP,

'select_invalid_cases' => <<<'PHP'
<?php
use Chan\Channel;
use function Chan\select;

$ch = new Channel(1);
foreach ([
    'int' => [1],
    'key' => ['k' => "x"],
    'pair of 1' => [[$ch]],
    'three' => ['three' => [$ch, 1, 2]],
    'bad keys' => [['a' => $ch, 'b' => 1]],
    'object' => [2 => new stdClass],
    'after ready' => [$ch, 'last' => false],
    'timeout' => null,
] as $what => $cases) {
    try {
        $cases === null ? select([$ch], -0.5) : select($cases, 0);
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
echo json_encode($ch->stats()), "\n";
PHP,

'select_send_meets_select_receive' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$u = new Channel(0);
$v = new Channel(0);
go(function () use ($u, $v) { echo "receiver: ", json_encode(select(['u' => $u, 'v' => $v])), "\n"; });
go(function () use ($u) { echo "sender: ", json_encode(select(['su' => [$u, "hello"]])), "\n"; });
Coroutine::yield();
Coroutine::yield();
// a select does not meet itself
echo json_encode(select(['r' => $u, 's' => [$u, 1]], 0.01)), "\n";
echo json_encode($u->stats()), "\n";
PHP,

'deadlock_in_main' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

$ch = new Channel(0);
$calls = [
    'pop' => fn() => $ch->pop(),
    'push' => fn() => $ch->push(1),
    'wait' => fn() => (new WaitGroup(1))->wait(),
    'select' => fn() => select([$ch]),
    'empty select' => fn() => select([]),
    'sleep INF' => fn() => Coroutine::sleep(INF),
];
foreach ($calls as $what => $f) {
    try {
        $f();
    } catch (Chan\DeadlockError $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), " at line ", $e->getLine() > 0 ? "ok" : "?", "\n";
    }
}
// coroutines blocked by the deadlock stay parked and can be woken later
go(function () use ($ch) { echo "parked popper got ", $ch->pop(), "\n"; });
try { (new WaitGroup(1))->wait(); } catch (Chan\DeadlockError $e) { echo "deadlock with a parked coroutine\n"; }
echo "count ", Coroutine::count(), "\n";
$ch->push("later");
Coroutine::yield();
echo "count ", Coroutine::count(), "\n";
// a pending timer is not a deadlock
go(function () { Coroutine::sleep(0.02); echo "timer fired\n"; });
try { (new WaitGroup(1))->wait(); } catch (Chan\DeadlockError $e) { echo "deadlock only after the timer\n"; }
PHP,

'deadlock_at_script_end_warns' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\WaitGroup;
use function Chan\go;

$ch = new Channel(0);
$wg = new WaitGroup(1);
foreach (['p1', 'p2'] as $n) {
    go(function () use ($ch, $n) {
        try { $ch->pop(); } finally { echo "finally $n\n"; }
    });
}
go(function () use ($wg) { try { $wg->wait(); } finally { echo "finally waiter\n"; } });
go(function () { echo "a coroutine that finishes\n"; });
register_shutdown_function(function () { echo "later shutdown function\n"; });
echo "last line\n";
PHP,

'pending_coroutines_run_at_script_end' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "early shutdown function\n"; go(fn() => print("from early\n")); });
go(function () { echo "pending 1\n"; Coroutine::sleep(0.01); echo "pending 1 after sleep\n"; });
go(function () { echo "pending 2\n"; });
register_shutdown_function(function () {
    echo "late shutdown function\n";
    go(function () { Coroutine::yield(); echo "from late\n"; });
});
echo "end of script\n";
PHP,

'abort_from_pop_destroys_others' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class V { public function __construct(public string $n) {} public function __destruct() { echo "value {$this->n} released\n"; } }
$ch = new Channel(0);
$other = new Channel(0);
go(function () use ($other) {
    try { $other->pop(); echo "must not resume\n"; } finally { echo "finally: parked popper\n"; }
});
go(function () {
    try { while (true) Coroutine::yield(); } finally { echo "finally: runnable\n"; }
});
go(function () use ($other) {
    $v = new V("held by sleeper");
    try { Coroutine::sleep(10); } finally { echo "finally: sleeper\n"; }
});
go(function () use ($other) {
    Coroutine::yield();
    go(function () { echo "never started: must not run\n"; });
    $other->push(new V("handed over"));   // the parked popper is woken, never runs
    throw new RuntimeException("boom", 7);
});
try {
    $ch->pop();
} catch (RuntimeException $e) {
    echo "main caught ", get_class($e), " ", $e->getMessage(), " ", $e->getCode(), "\n";
}
echo "count ", Coroutine::count(), "\n";
Coroutine::yield();
echo "end\n";
PHP,

'abort_from_run_and_run_rules' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;
use function Chan\run;

var_dump(run(function ($a, $b) {
    go(function () { Coroutine::sleep(0.01); echo "inner finished\n"; });
    return $a + $b;
}, 2, b: 40));
try {
    run(function () {
        go(function () { Coroutine::yield(); throw new LogicException("from inner"); });
        try { Coroutine::sleep(1); } finally { echo "finally of run's coroutine\n"; }
    });
} catch (LogicException $e) {
    echo "run rethrew: ", $e->getMessage(), "\n";
}
go(function () {
    try { run(fn() => 1); } catch (Chan\Error $e) { echo "inside go: ", $e->getMessage(), "\n"; }
});
try {
    run(function () { run(fn() => 1); });
} catch (Chan\Error $e) {
    echo "nested: ", $e->getMessage(), "\n";
}
try {
    run(function () { (new Chan\Channel())->pop(); });
} catch (Chan\DeadlockError $e) {
    echo "run: ", $e->getMessage(), "\n";
}
echo "count ", Coroutine::count(), "\n";
PHP,

'abort_exception_from_finally_is_reported' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

ini_set('display_errors', '1');
ini_set('log_errors', '0');
$ch = new Channel(0);
go(function () use ($ch) {
    try {
        $ch->pop();
    } finally {
        echo "finally runs\n";
        try { Coroutine::yield(); } catch (Chan\Error $e) { echo "cannot block here: ", $e->getMessage(), "\n"; }
        throw new LogicException("thrown from finally during abort");
    }
});
go(function () {
    Coroutine::yield();
    throw new RuntimeException("original");
});
try {
    $ch->pop();
} catch (Exception $e) {
    echo "main caught ", get_class($e), ": ", $e->getMessage(), "\n";
}
echo "end\n";
PHP,

'uncaught_abort_at_script_end' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

ini_set('display_errors', '1');
ini_set('log_errors', '0');
go(function () {
    try { Coroutine::sleep(1); } finally { echo "finally of the sleeper\n"; }
});
go(function () { Coroutine::yield(); throw new DomainException("escaped at script end"); });
register_shutdown_function(function () { echo "shutdown function\n"; });
echo "end of script\n";
PHP,

'exit_in_coroutine' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
go(function () {
    try { Coroutine::sleep(1); } finally { echo "finally must not run\n"; }
});
go(function () { echo "exiting\n"; exit(3); });
go(function () { echo "must not run\n"; });
Coroutine::yield();
echo "main must not resume\n";
PHP,

'exit_in_finally_during_abort' => <<<'PHP'
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
go(function () {
    try { Coroutine::sleep(10); } finally { echo "finally exits\n"; exit("exit message\n"); }
});
go(function () {
    try { Coroutine::sleep(10); } finally { echo "older finally runs first? no: newest first\n"; }
});
go(function () { Coroutine::yield(); throw new Exception("abort"); });
try {
    Coroutine::sleep(10);
} catch (Exception $e) {
    echo "main must not resume\n";
}
echo "main must not go on\n";
PHP,

'foreign_fiber_rules' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(1);
$f = new Fiber(function () use ($ch) {
    echo "go() inside a Fiber: id ", go(fn() => print("spawned from a Fiber ran\n")), "\n";
    $ch->push("non-blocking works");
    try { $ch->push("would block"); } catch (Chan\Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
    try { Coroutine::yield(); } catch (Chan\Error $e) { echo "yield: ", $e->getMessage(), "\n"; }
    Fiber::suspend("suspended");
});
echo $f->start(), "\n";
echo $ch->pop(), "\n";
go(function () {
    $g = new Fiber(function () { try { Coroutine::sleep(0.01); } catch (Chan\Error $e) { echo "in coroutine's Fiber: ", $e->getMessage(), "\n"; } });
    $g->start();
    echo "coroutine goes on\n";
});
Coroutine::yield();
PHP,

'destructor_cannot_switch' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Probe {
    public function __construct(public string $name, public Channel $log) {}
    public function __destruct() {
        echo "destruct {$this->name}\n";
        $this->log->push("pushed by {$this->name}");
        echo "popped: ", $this->log->pop(), "\n";
        try {
            (new Channel())->pop(0.5);
        } catch (Chan\Error $e) {
            echo "blocking refused: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
$log = new Channel(10);
$p = new Probe("unset in main", $log);
go(function () { echo "a coroutine\n"; });
unset($p);
go(function () use ($log) {
    $p = new Probe("unset in coroutine", $log);
    unset($p);
    echo "coroutine goes on\n";
});
Coroutine::yield();
echo "end, count ", Coroutine::count(), "\n";
PHP,

'stats_switches_exact' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$s = fn() => Coroutine::stats();
$a = $s();
for ($i = 0; $i < 50; $i++) {
    go(function () {});
}
Coroutine::yield();
$b = $s();
echo "50 short coroutines: switches +", $b['switches'] - $a['switches'], " spawned +", $b['spawned'] - $a['spawned'], " peak ", $b['peak'], "\n";
$ping = new Channel(0);
$pong = new Channel(0);
go(function () use ($ping, $pong) { for ($i = 0; $i < 10; $i++) { $ping->push($i); $pong->pop(); } });
go(function () use ($ping, $pong) { for ($i = 0; $i < 10; $i++) { $pong->push($ping->pop()); } });
Coroutine::yield();
Coroutine::yield();
$c = $s();
echo "ping-pong x10: switches +", $c['switches'] - $b['switches'], " count ", $c['count'], "\n";
go(function () { Coroutine::yield(); Coroutine::yield(); });
Coroutine::sleep(0);
Coroutine::yield();
Coroutine::yield();
$d = $s();
echo "yields: switches +", $d['switches'] - $c['switches'], "\n";
echo json_encode(array_keys($d)), "\n";
PHP,

'producer_consumer_checksum' => <<<'PHP'
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

foreach ([0, 1, 3, 64] as $cap) {
    $ch = new Channel($cap);
    $wg = new WaitGroup(4);
    $got = [];
    for ($p = 0; $p < 4; $p++) {
        go(function () use ($ch, $p) { for ($j = 0; $j < 50; $j++) $ch->push([$p, $j]); });
        go(function () use ($ch, $wg, &$got) { for ($j = 0; $j < 50; $j++) { [$p, $k] = $ch->pop(); $got[$p][] = $k; } $wg->done(); });
    }
    $wg->wait();
    ksort($got);
    $ok = true;
    foreach ($got as $p => $list) { $ok = $ok && $list === range(0, 49); }
    echo "cap $cap: per-producer FIFO ", $ok ? "yes" : "no", ", first consumer order: ";
    echo json_encode(array_map(fn($l) => array_slice($l, 0, 3), $got)), " count ", Coroutine::count(), "\n";
}
PHP,

'random_program_1' => 'RANDOM:1',
'random_program_2' => 'RANDOM:2',
'random_program_3' => 'RANDOM:3',
'random_program_4' => 'RANDOM:4',
'random_program_5' => 'RANDOM:5',
'random_program_6' => 'RANDOM:6',

];
