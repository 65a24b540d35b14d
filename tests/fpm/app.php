<?php
/**
 * The script tests/fpm/run.sh has php-fpm serve: app.php?n=N&kind=K.
 *
 * Every response starts with the worker's state as the request found it:
 *   pid=PID t=HRTIME
 *   start count=C peak=P switches=S spawned=X mem=BYTES
 *   kind=K n=N
 * then what the kind does (run.php's expect() is the exact contract):
 *   a  normal: 100 coroutines (producer, 95 workers over a buffered channel
 *      handing results on an unbuffered one, closer, ticker, a select that
 *      fires and selects that time out); values depend on N
 *   b  the same, then leaves 7 coroutines blocked forever at script end
 *      (chan warns and destroys them: their finally blocks print "released")
 *   c  an exception escapes a coroutine: PHP's "Uncaught ..." fatal error
 *      (N even: while main is blocked in pop(); N odd: at script end)
 *   d  a coroutine calls exit() (N even: while main is blocked in pop();
 *      N odd: at script end)
 *   e  a runaway loop starts coroutines that park in pop() until
 *      memory_limit (4M for this request) ends it with PHP's fatal error
 *   s  (once, last) Chan\signal() in the worker: see drive.php's end
 * A shutdown function prints "shutdown n=N" for every kind. &leak=1 (run.sh
 * --leak) makes each request grow the worker's memory: a self-test.
 */

declare(strict_types=1);

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

$stats = Coroutine::stats();
$mem = memory_get_usage();
$t = hrtime(true);
$n = (int) ($_GET['n'] ?? 0);
$kind = (string) ($_GET['kind'] ?? 'a');
printf(
    "pid=%d t=%d\nstart count=%d peak=%d switches=%d spawned=%d mem=%d\nkind=%s n=%d\n",
    getmypid(), $t, $stats['count'], $stats['peak'], $stats['switches'], $stats['spawned'], $mem, $kind, $n
);
if (isset($_GET['leak'])) {
    // run.sh --leak (self-test of the RSS check): a new pattern per request
    // grows PCRE's persistent cache, i.e. the worker's memory, request after request
    preg_match('/leak' . $n . '[a-z]{' . ($n % 7 + 1) . '}(?:x|y)+/', 'x');
}
register_shutdown_function(function () use ($n) {
    echo "shutdown n=$n\n";
});

const JOBS = 200;
const WORKERS = 95;

/** 100 coroutines; returns the lines to print. */
function work(int $n): string
{
    $jobs = new Channel(8, $n % 2 === 1);   // buffered, both rings
    $results = new Channel(0);              // unbuffered
    $tick = new Channel(0);
    $ping = new Channel(0);
    $never = new Channel(0);
    $log = new Channel(4);
    $wg = new WaitGroup();

    // nothing can be ready: times out
    $r0 = select([$never], 0.001);

    go(function () use ($jobs, $n) {                      // 1 producer
        for ($i = 0; $i < JOBS; $i++) {
            $jobs->push($n * 1000 + $i);
        }
        $jobs->close();
    });
    for ($w = 0; $w < WORKERS; $w++) {                    // 95 workers
        $wg->add();
        go(function () use ($jobs, $results, $wg) {
            foreach ($jobs as $v) {
                $results->push(($v * $v) % 1000003);
            }
            $wg->done();
        });
    }
    go(function () use ($wg, $results) {                  // 1 closer
        $wg->wait();
        $results->close();
    });
    go(function () use ($tick, $n) {                      // 1 ticker
        Coroutine::sleep(0.002);
        $tick->push("tick-$n");
    });
    go(function () use ($ping, $never, $log) {            // 1 selector
        $r = select([$never, 'late' => [$never, 1]], 0.001);
        $log->push($r === null ? 'null' : 'fired');
        $r = select(['never' => $never, 'ping' => $ping], 5.0);
        $log->push($r === null ? 'timeout' : "$r[0]:$r[1]:" . (int) $r[2]);
    });
    go(function () use ($ping, $n) {                      // 1 pinger
        Coroutine::sleep(0.001);
        $ping->push("ping-$n");
    });

    $sum = 0;
    $count = 0;
    $tickv = '-';
    $open = true;
    while ($open || $tickv === '-') {
        $cases = $open ? ['r' => $results, 't' => $tick] : ['t' => $tick];
        $r = select($cases, 10.0);
        if ($r === null) {
            return "select in main timed out\n";
        }
        [$key, $v, $ok] = $r;
        if ($key === 'r') {
            if (!$ok) {
                $open = false;
                continue;
            }
            $sum += $v;
            $count++;
        } else {
            $tickv = $v;
        }
    }
    $sel = $log->pop() . ' ' . $log->pop();
    return sprintf("sum=%d count=%d tick=%s\nselect=%s %s\n", $sum, $count, $tickv, $r0 === null ? 'null' : 'fired', $sel);
}

/** $k coroutines that will park in pop() on the channel returned, each
 * printing $finally from its finally block. */
function parkPoppers(int $k, string $finally): Channel
{
    $stuck = new Channel(0);
    for ($i = 0; $i < $k; $i++) {
        go(function () use ($stuck, $finally) {
            try {
                $stuck->pop();
            } finally {
                echo $finally;
            }
        });
    }
    return $stuck;
}

function endStats(): string
{
    $s = Coroutine::stats();
    return sprintf("end count=%d spawned=%d\n", $s['count'], $s['spawned']);
}

switch ($kind) {
    case 'a':
        $out = work($n);
        // A coroutine woken by work()'s last hand-off (the ticker, the
        // pinger) may still wait in the run queue: let the runnable ones
        // end, however the timers fell. One that is parked stays counted.
        for ($i = 0; $i < 100 && Coroutine::stats()['count'] > 0; $i++) {
            Coroutine::yield();
        }
        echo $out, endStats();
        break;

    case 'b':
        echo work($n);
        $stuck = new Channel(0);
        $wg = new WaitGroup(1);
        $payload = str_repeat(chr(65 + $n % 26), 10000 + $n % 1000);
        for ($i = 0; $i < 5; $i++) {
            go(function () use ($stuck, $payload) {
                $held = $payload . '!';
                try {
                    $stuck->pop();
                } finally {
                    echo "released\n";
                }
            });
        }
        go(function () use ($wg) {
            try {
                $wg->wait();
            } finally {
                echo "released\n";
            }
        });
        $alone = new Channel(0);
        go(function () use ($alone) {
            try {
                select([$alone, [$alone, 1]]);   // never meets itself
            } finally {
                echo "released\n";
            }
        });
        Coroutine::yield();    // all 7 park
        echo endStats();
        break;

    case 'c':
        $stuck = parkPoppers(3, "finally\n");
        go(function () use ($n) {
            Coroutine::yield();
            throw new RuntimeException("boom n=$n");
        });
        if ($n % 2 === 0) {
            $stuck->pop();     // the exception is rethrown here
            echo "main must not resume\n";
        }
        break;

    case 'd':
        $stuck = parkPoppers(3, "finally must not run\n");
        go(function () use ($n) {
            Coroutine::yield();
            echo "exiting\n";
            exit("exit n=$n\n");
        });
        go(function () {
            Coroutine::yield();
            Coroutine::yield();
            echo "must not run after exit\n";
        });
        if ($n % 2 === 0) {
            $stuck->pop();
            echo "main must not resume\n";
        }
        break;

    case 'e':
        // Out with the state header now: PHP discards the output buffers when
        // a request ends over its memory_limit.
        while (ob_get_level()) {
            ob_end_flush();
        }
        flush();
        ini_set('memory_limit', '4M');
        $stuck = new Channel(0);
        for ($i = 0; ; $i++) {
            go(fn () => $stuck->pop());
            if ($i % 1000 === 999) {
                Coroutine::yield();
            }
        }

    case 's':
        // drive.php's last check: listens for SIGUSR1 and SIGTERM, sends
        // itself SIGUSR1, and leaves both channels open for the end of the
        // request to close (the worker's SIGTERM is its default again then)
        $signals = Chan\signal(Chan\SIGUSR1, Chan\SIGTERM);
        exec('kill -USR1 ' . getmypid());
        echo 'signal got=', var_export($signals->pop(10), true), "\n";
        break;

    default:
        http_response_code(400);
        echo "unknown kind\n";
}
