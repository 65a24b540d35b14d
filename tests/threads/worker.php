<?php
// One request of the thread test (see README.md). embed_threads runs it
// many times in several threads at once, with $_SERVER['CHAN_THREAD'] and
// ['CHAN_REQUEST'] set, and compares what it prints with lines it builds
// itself from those two numbers: every value printed below depends on them,
// so a value, a coroutine or a timer of another thread shows as a wrong line.
declare(strict_types=1);

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\run;
use function Chan\select;

$t = (int) $_SERVER['CHAN_THREAD'];
$r = (int) $_SERVER['CHAN_REQUEST'];
// 0, 2: plain; 1: exception out of a coroutine, caught from run();
// 3: coroutines left blocked at script end; 4: uncaught exception.
$kind = $r % 5;

function out(string $line): void
{
    echo $line, "\n";
}

class Tracked
{
    public function __construct(public string $name) {}
    public function __destruct() { echo "released {$this->name}\n"; }
}

out("req t=$t r=$r");

// Nothing left over from the previous request on this thread.
$st = Coroutine::stats();
out(sprintf("start count=%d peak=%d switches=%d spawned=%d id=%d max=%s",
    Coroutine::count(), $st['peak'], $st['switches'], $st['spawned'], Coroutine::id(),
    ini_get('chan.max_coroutines')));

// chan.max_coroutines is per thread: thread 0 lowers it for the whole of its
// even requests (8 live coroutines are enough for what follows); the other
// threads, running meanwhile, must still see and get no limit.
$limited = $t === 0 && $r % 2 === 0;
if ($limited) {
    out("limit set old=" . ini_set('chan.max_coroutines', '8'));
}

// Pipeline: producer -> lock-free Channel(8) -> 3 workers -> mutex
// Channel(8, true) -> forwarder -> unbuffered Channel -> consumer (run's fn).
$n = 20 + ($t * 7 + $r) % 13;
[$sum, $count, $foreign, $distinct, $returned, $seen, $runId] = run(function () use ($t, $r, $n) {
    $jobs = new Channel(8);
    $mid = new Channel(8, true);
    $results = new Channel();
    $wg = new WaitGroup();
    $returned = [];
    $seen = [];
    $returned[] = go(function () use ($jobs, $t, $r, $n, &$seen) {
        $seen[] = Coroutine::id();
        for ($i = 1; $i <= $n; $i++) {
            $jobs->push([$t, $r, $i, $t * 100000 + $r * 1000 + $i]);
        }
        $jobs->close();
    });
    for ($w = 0; $w < 3; $w++) {
        $wg->add();
        $returned[] = go(function () use ($jobs, $mid, $wg, $t, &$seen) {
            $seen[] = Coroutine::id();
            foreach ($jobs as [$tt, $rr, $i, $v]) {
                if ($i % 4 === 0) {
                    Coroutine::yield();
                }
                $mid->push([$tt, $rr, $i, 3 * $v + $t]);
            }
            $wg->done();
        });
    }
    $returned[] = go(function () use ($wg, $mid, &$seen) {
        $seen[] = Coroutine::id();
        $wg->wait();
        $mid->close();
    });
    $returned[] = go(function () use ($mid, $results, &$seen) {
        $seen[] = Coroutine::id();
        foreach ($mid as $item) {
            $results->push($item);
        }
        $results->close();
    });
    $sum = $count = $foreign = 0;
    $got = [];
    foreach ($results as [$tt, $rr, $i, $x]) {
        if ($tt !== $t || $rr !== $r) {
            $foreign++;
        }
        $got[$i] = true;
        $sum += $x;
        $count++;
    }
    sort($seen);
    return [$sum, $count, $foreign, count($got), $returned, $seen, Coroutine::id()];
});
out("run id=$runId");
out(sprintf("pipeline n=%d count=%d distinct=%d foreign=%d sum=%d ids=%s seen=%s",
    $n, $count, $distinct, $foreign, $sum, implode(',', $returned), implode(',', $seen)));

// Round robin through yield().
$order = [];
run(function () use (&$order) {
    foreach (['a', 'b', 'c'] as $name) {
        go(function () use ($name, &$order) {
            for ($k = 1; $k <= 3; $k++) {
                $order[] = "$name$k";
                Coroutine::yield();
            }
        });
    }
});
out("yield order=" . implode(',', $order));

// Timers: k sleepers, the first-started sleeping longest. Each must wake no
// earlier than asked, and they must be received in the order they woke.
$k = 3 + $t % 3;
$tc = new Channel(8, true);
run(function () use ($k, $tc, $t, $r) {
    for ($j = 1; $j <= $k; $j++) {
        $ms = ($k - $j + 1) * 2;
        go(function () use ($j, $ms, $tc, $t, $r) {
            $before = hrtime(true);
            Coroutine::sleep($ms / 1000);
            $now = hrtime(true);
            $tc->push([$t, $r, $j, $ms, $now - $before, $now]);
        });
    }
});
$tc->close();
$got = $tforeign = $early = 0;
$inOrder = true;
$last = 0;
$js = [];
foreach ($tc as [$tt, $rr, $j, $ms, $slept, $woke]) {
    $got++;
    $js[] = $j;
    if ($tt !== $t || $rr !== $r) {
        $tforeign++;
    }
    if ($slept < $ms * 1000000) {
        $early++;
    }
    if ($woke < $last) {
        $inOrder = false;
    }
    $last = $woke;
}
sort($js);
out(sprintf("timers k=%d got=%d js=%s foreign=%d early=%d order=%s",
    $k, $got, implode(',', $js), $tforeign, $early, $inOrder ? 'ok' : 'WRONG'));

// select(): timeout with nothing ready, a receive that becomes ready, a send.
run(function () use ($t, $r) {
    $a = new Channel();
    $b = new Channel(1, true);
    $t0 = hrtime(true);
    $res = select(['a' => $a, 'b' => $b], 0.003);
    $waited = hrtime(true) - $t0;
    out("select1 " . var_export($res, true) . " waited=" . ($waited >= 3000000 ? 'yes' : 'no'));
    go(function () use ($b, $t, $r) {
        Coroutine::sleep(0.001);
        $b->push("v$t.$r");
    });
    [$key, $val, $ok] = select(['a' => $a, 'b' => $b], 1.0);
    out("select2 key=$key val=$val ok=" . ($ok ? 1 : 0));
    $c = new Channel(1);
    $res = select([[$c, $t * 10 + $r]], 0);
    out("select3 key=" . $res[0] . " popped=" . $c->pop());
});

// The limit: go() throws Chan\Error on thread 0 (even requests) only.
$gate = new Channel();
if ($limited) {
    $wg = new WaitGroup();
    $made = 0;
    $err = 'none';
    try {
        for ($i = 0; $i < 10; $i++) {
            $wg->add();
            go(function () use ($gate, $wg) {
                foreach ($gate as $_) {
                }
                $wg->done();
            });
            $made++;
        }
    } catch (Chan\Error $e) {
        $wg->done();
        $err = get_class($e);
    }
    $gate->close();
    $wg->wait();
    out("limit now=" . ini_get('chan.max_coroutines') . " made=$made err=$err");
} else {
    $wg = new WaitGroup(40);
    for ($i = 0; $i < 40; $i++) {
        go(function () use ($gate, $wg) {
            foreach ($gate as $_) {
            }
            $wg->done();
        });
    }
    Coroutine::yield();
    $live = Coroutine::count();
    $gate->close();
    $wg->wait();
    out("nolimit max=" . ini_get('chan.max_coroutines') . " live=$live");
}

$st = Coroutine::stats();
out(sprintf("end count=%d spawned=%d", Coroutine::count(), $st['spawned']));

if ($kind === 1) {
    try {
        run(function () use ($t, $r) {
            go(function () {
                try {
                    Coroutine::sleep(10);
                } finally {
                    echo "finally sleeper\n";
                }
            });
            go(function () use ($t, $r) {
                Coroutine::yield();
                throw new RuntimeException("boom t$t r$r");
            });
            Coroutine::sleep(10);
        });
        out("not reached");
    } catch (RuntimeException $e) {
        out("caught=" . $e->getMessage() . " count=" . Coroutine::count());
    }
} elseif ($kind === 3) {
    // Started but never run before the script ends: they run at script
    // end, block forever, and are destroyed with a warning.
    $never = new Channel();
    for ($j = 1; $j <= 2; $j++) {
        go(function () use ($never, $j, $t, $r) {
            $held = new Tracked("t$t r$r #$j");
            try {
                $never->pop();
            } finally {
                echo "finally blocked $j\n";
            }
        });
    }
    out("leaving count=" . Coroutine::count());
} elseif ($kind === 4) {
    $sleeper = function () {
        try {
            Coroutine::sleep(10);
        } finally {
            echo "finally sleeper\n";
        }
    };
    if ($t % 2 === 0) {
        out("throwing from run");
        run(function () use ($t, $r, $sleeper) {
            go($sleeper);
            Coroutine::yield();
            throw new RuntimeException("boom t$t r$r");
        });
        out("not reached");
    } else {
        go($sleeper);
        go(function () use ($t, $r) {
            Coroutine::yield();
            throw new RuntimeException("boom t$t r$r");
        });
        out("throwing at script end");
    }
}
