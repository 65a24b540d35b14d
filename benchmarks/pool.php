<?php
/**
 * Connection pool: is a channel a good one? K connection objects, M
 * coroutines each borrowing one, optionally doing something with it, and
 * giving it back, T borrow+return pairs in all. Compared:
 *
 *   chan       a `new Channel(K, $lock)` holding the idle connections (both
 *              rings): borrow = pop(), which parks the coroutine while none is
 *              idle; return = push(), which hands the connection straight to
 *              the first parked borrower.
 *   SplQueue   the same pool as a plain SplQueue on chan's scheduler: borrow
 *              = dequeue(), and while the queue is empty the borrower polls
 *              with Coroutine::yield() (no wait list: PHP code has no way to
 *              park a coroutine except through chan's own primitives).
 *   no pool    (floor) a plain loop, no coroutines: SplQueue dequeue() +
 *              enqueue() of one object, T times.
 *
 * What happens between borrow and return:
 *   none    nothing (no coroutine ever waits: each runs its loop alone);
 *   yield   Coroutine::yield() (the other coroutines run meanwhile, as
 *           while a real connection waits for I/O);
 *   sleep   Coroutine::sleep(0.001) (a 1 ms query): at most K x 1000 pairs/s.
 *
 * Every run checks that no connection was lent twice at once, that every
 * pair happened and that all K connections are back at the end.
 *
 *   php -d extension=PATH/chan.so benchmarks/pool.php [--runs=N] [--quick]
 *
 *   --runs=N   runs per configuration, the table shows medians (default 5)
 *   --quick    1 run, T divided by 10
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s1.php'; // BENCH_RINGS

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;

use function Chan\go;

final class PoolConn
{
    public bool $busy = false;
    public int $uses = 0;

    public function __construct(public readonly int $id)
    {
    }
}

const POOL_WORK = ['none' => 0, 'yield' => 1, 'sleep' => 2];

/** Holds a borrowed connection for the work of pool_once(); the same call in both pools. */
function pool_use(PoolConn $c, int $work, int &$lentTwice): void
{
    $lentTwice += (int) $c->busy;
    $c->busy = true;
    $c->uses++;
    if ($work === 1) {
        Coroutine::yield();
    } elseif ($work === 2) {
        Coroutine::sleep(0.001);
    }
    $c->busy = false;
}

/**
 * One run of M coroutines doing T/M pairs each against a pool of K, timed
 * from the moment main opens the gate at which all M wait (started, so
 * their Fibers exist) until the last one has finished its pairs (before
 * any of them returns).
 *
 * @return array{ns: int, cpu_ns: float, pairs: int, switches: int, polls: int}
 */
function pool_once(string $pool, int $K, int $M, int $T, int $work): array
{
    $per = intdiv($T, $M);
    $conns = [];
    for ($k = 0; $k < $K; $k++) {
        $conns[] = new PoolConn($k);
    }
    // Every coroutine starts and waits at $gate before its loop, and waits at
    // $exit after it, both untimed: the figures are about the pool, not about
    // creating and freeing M Fibers (S7 and the floors are).
    $parked = new WaitGroup($M);
    $gate = new WaitGroup(1);
    $finished = new WaitGroup($M);
    $exit = new WaitGroup(1);
    $done = new WaitGroup($M);
    $lentTwice = 0;
    $polls = 0;

    if ($pool === 'SplQueue') {
        $q = new SplQueue();
        foreach ($conns as $c) {
            $q->enqueue($c);
        }
        $body = static function () use ($q, $per, $work, $parked, $gate, $finished, $exit, $done, &$lentTwice, &$polls): void {
            $parked->done();
            $gate->wait();
            for ($i = 0; $i < $per; $i++) {
                while ($q->isEmpty()) {
                    $polls++;
                    Coroutine::yield();
                }
                $c = $q->dequeue();
                pool_use($c, $work, $lentTwice);
                $q->enqueue($c);
            }
            $finished->done();
            $exit->wait();
            $done->done();
        };
        $idle = static fn (): int => count($q);
    } else {
        $ch = new Channel($K, BENCH_RINGS[$pool]);
        foreach ($conns as $c) {
            $ch->push($c);
        }
        $body = static function () use ($ch, $per, $work, $parked, $gate, $finished, $exit, $done, &$lentTwice): void {
            $parked->done();
            $gate->wait();
            for ($i = 0; $i < $per; $i++) {
                $c = $ch->pop();
                pool_use($c, $work, $lentTwice);
                $ch->push($c);
            }
            $finished->done();
            $exit->wait();
            $done->done();
        };
        $idle = static fn (): int => count($ch);
    }

    for ($m = 0; $m < $M; $m++) {
        go($body);
    }
    $parked->wait();
    $switches0 = Coroutine::stats()['switches'];
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    $gate->done();
    $finished->wait();
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    $switches = Coroutine::stats()['switches'] - $switches0;
    $exit->done();
    $done->wait();

    $pairs = $per * $M;
    $where = "{$pool} K={$K} M={$M} T={$T} work=" . array_search($work, POOL_WORK, true);
    bench_check($lentTwice === 0, "{$where}: a connection was lent while in use ({$lentTwice} times)");
    bench_check(array_sum(array_map(static fn (PoolConn $c): int => $c->uses, $conns)) === $pairs, "{$where}: pairs lost");
    bench_check($idle() === $K, "{$where}: " . $idle() . " of {$K} connections back in the pool");
    return ['ns' => $ns, 'cpu_ns' => $cpuNs, 'pairs' => $pairs, 'switches' => $switches, 'polls' => $polls];
}

/**
 * The floor: one object dequeued and enqueued T times in a plain loop.
 *
 * @return array{ns: int, cpu_ns: float, pairs: int, switches: int, polls: int}
 */
function pool_floor_once(int $K, int $T): array
{
    $q = new SplQueue();
    for ($k = 0; $k < $K; $k++) {
        $q->enqueue(new PoolConn($k));
    }
    $lentTwice = 0;
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    for ($i = 0; $i < $T; $i++) {
        $c = $q->dequeue();
        $lentTwice += (int) $c->busy;
        $c->busy = true;
        $c->uses++;
        $c->busy = false;
        $q->enqueue($c);
    }
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    bench_check($lentTwice === 0 && count($q) === $K, 'floor: pool broken');
    return ['ns' => $ns, 'cpu_ns' => $cpuNs, 'pairs' => $T, 'switches' => 0, 'polls' => 0];
}

function pool_main(array $argv): void
{
    bench_check(extension_loaded('chan'), 'the chan extension is not loaded: php -d extension=PATH/chan.so benchmarks/pool.php');
    $runs = 5;
    $quick = false;
    foreach (array_slice($argv, 1) as $arg) {
        if ($arg === '--quick') {
            $quick = true;
            $runs = 1;
        } elseif (preg_match('/^--runs=([1-9][0-9]*)$/', $arg, $m)) {
            $runs = (int) $m[1];
        } else {
            fwrite(STDERR, "usage: php -d extension=PATH/chan.so benchmarks/pool.php [--runs=N] [--quick]\n");
            exit(2);
        }
    }
    $env = bench_environment($argv);
    $K = 10;
    $configs = [];
    foreach (['none' => [1, 10, 100, 1000], 'yield' => [1, 10, 100, 1000], 'sleep' => [10, 100, 1000]] as $work => $Ms) {
        foreach ($Ms as $M) {
            $configs[] = [$work, $M, $work === 'sleep' ? ($quick ? 1_000 : 4_000) : ($quick ? 20_000 : 200_000)];
        }
    }
    $pools = [...array_keys(BENCH_RINGS), 'SplQueue'];

    // Warm-up, untimed: first-use costs (worker contexts, pages) out of the figures.
    foreach ($pools as $pool) {
        pool_once($pool, $K, 100, 2_000, POOL_WORK['yield']);
    }
    pool_floor_once($K, 10_000);

    $rows = [];
    $start = hrtime(true);
    $T = $quick ? 20_000 : 200_000;
    $floor = bench_repeat($runs, static fn (): array => pool_floor_once($K, $T));
    $rows[] = pool_row('no pool (plain loop)', 'no coroutines', '-', $floor);
    foreach ($configs as [$work, $M, $pairs]) {
        $byPool = array_fill_keys($pools, []);
        for ($r = 0; $r < $runs; $r++) {
            foreach ($pools as $pool) {
                gc_collect_cycles();
                $byPool[$pool][] = pool_once($pool, $K, $M, $pairs, POOL_WORK[$work]);
            }
        }
        foreach ($byPool as $pool => $results) {
            $rows[] = pool_row($pool === 'SplQueue' ? 'SplQueue, polling' : "chan ({$pool})", $work, (string) $M, $results);
        }
        fprintf(STDERR, "[%5.1fs] %s M=%d\n", (hrtime(true) - $start) / 1e9, $work, $M);
    }

    $md = "# chan: connection pool, channel against SplQueue\n\n";
    $md .= '- command: `' . $env['command'] . "`\n";
    $md .= '- date: ' . $env['date'] . '; PHP ' . $env['php'] . '; opcache ' . $env['opcache'] . "\n";
    $md .= '- chan: ' . $env['chan'] . '; git ' . $env['git'] . "\n";
    $md .= '- machine: ' . $env['cpu'] . '; load average at start ' . $env['load_start'] . ', at end ' . bench_loadavg() . "\n";
    $md .= "- K = {$K} connections; T = " . bench_int($T) . ' pairs per run (sleep: ' . bench_int($quick ? 1_000 : 4_000)
        . "), each of the M coroutines doing T / M; medians of {$runs} run(s)\n\n";
    $md .= bench_table(['pool', 'between borrow and return', 'M coroutines', 'pairs/s', 'CPU ns/pair', 'CPU / wall',
        'switches/pair', 'polls/pair', 'spread'], $rows);
    $md .= "\npairs/s = borrow+return pairs / wall time from the moment all M coroutines, already started and waiting at a gate "
        . '(a WaitGroup), are let go until the last one has done its pairs (creating and freeing the coroutines is left out: see S7). '
        . 'CPU ns/pair = process CPU time (user + system) per pair. polls/pair = times a SplQueue borrower found the pool empty '
        . 'and yielded, per pair. switches/pair from Coroutine::stats()[\'switches\']. spread = (max - min) / median of pairs/s.'
        . " With sleep, K = {$K} connections held 1 ms each allow at most " . bench_int($K * 1000) . " pairs/s.\n";
    echo $md;
}

/** @param list<array{ns: int, cpu_ns: float, pairs: int, switches: int, polls: int}> $results */
function pool_row(string $pool, string $work, string $M, array $results): array
{
    $rates = array_map(static fn (array $r): float => $r['pairs'] * 1e9 / $r['ns'], $results);
    $med = static fn (callable $f): float => bench_median(array_map($f, $results));
    return [
        $pool,
        $work,
        $M,
        bench_int(bench_median($rates)),
        bench_num($med(static fn (array $r): float => $r['cpu_ns'] / $r['pairs']), 0),
        bench_num(100 * $med(static fn (array $r): float => $r['cpu_ns'] / $r['ns']), 0) . '%',
        bench_num($med(static fn (array $r): float => $r['switches'] / $r['pairs']), 2),
        $pool === 'SplQueue, polling' ? bench_num($med(static fn (array $r): float => $r['polls'] / $r['pairs']), 2) : '-',
        bench_spread($rates),
    ];
}

set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $no, $file, $line);
});

pool_main($argv);
