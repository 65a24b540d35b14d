<?php
/**
 * S7, spawn cost (an addition: ../shared/BENCHMARKS.md has no S7): the life
 * of a coroutine that returns at once, from go() to its end, amortized over
 * N = 100,000: spawn all N, then let them run (main yields once; go() only
 * queues, so all N run before main is picked again). For comparison the same
 * with plain PHP Fibers: `(new Fiber($fn))->start()`, which runs the fiber to
 * its end at once. Medians of the runs, after an untimed warm-up run of each.
 */

declare(strict_types=1);

use Chan\Coroutine;

use function Chan\go;

/**
 * N go() calls, then one yield that runs them all.
 *
 * @return array{ns: int, spawn_ns: int, cpu_ns: float, sys_ns: float}
 */
function s7_go_once(int $n): array
{
    $fn = static function (): void {
    };
    $base = Coroutine::count();
    $spawned0 = Coroutine::stats()['spawned'];
    [$u0, $s0] = bench_cpu_split();
    $t0 = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        go($fn);
    }
    $t1 = hrtime(true);
    Coroutine::yield();
    for ($k = 0; $k < 4 && Coroutine::count() > $base; $k++) {
        Coroutine::yield(); // a coroutine that just returned may still be on its way out
    }
    $t2 = hrtime(true);
    [$u1, $s1] = bench_cpu_split();
    bench_check(Coroutine::stats()['spawned'] - $spawned0 === $n, 'S7: go() spawned ' . (Coroutine::stats()['spawned'] - $spawned0) . " coroutines, expected {$n}");
    bench_check(Coroutine::count() === $base, 'S7: ' . (Coroutine::count() - $base) . ' coroutines still alive after the yield');
    return ['ns' => $t2 - $t0, 'spawn_ns' => $t1 - $t0, 'cpu_ns' => ($u1 - $u0 + $s1 - $s0) * 1e9, 'sys_ns' => ($s1 - $s0) * 1e9];
}

/**
 * N coroutines that yield once before they end, started B at a time: each
 * of the B in flight needs a context and a C stack of its own (a coroutine
 * that returns at once never does), taken from the warm slabs.
 *
 * @return array{ns: int, spawn_ns: int, cpu_ns: float, sys_ns: float}
 */
function s7_go_park_once(int $n, int $batch = 1000): array
{
    $fn = static function (): void {
        Coroutine::yield();
    };
    $base = Coroutine::count();
    [$u0, $s0] = bench_cpu_split();
    $t0 = hrtime(true);
    $spawn = 0;
    for ($done = 0; $done < $n; $done += $batch) {
        $ts = hrtime(true);
        for ($i = 0; $i < $batch; $i++) {
            go($fn);
        }
        $spawn += hrtime(true) - $ts;
        Coroutine::yield(); // each runs to its yield
        Coroutine::yield(); // and from there to its end
        for ($k = 0; $k < 4 && Coroutine::count() > $base; $k++) {
            Coroutine::yield();
        }
    }
    $t1 = hrtime(true);
    [$u1, $s1] = bench_cpu_split();
    bench_check(Coroutine::count() === $base, 'S7: ' . (Coroutine::count() - $base) . ' coroutines still alive after the batches');
    return ['ns' => $t1 - $t0, 'spawn_ns' => $spawn, 'cpu_ns' => ($u1 - $u0 + $s1 - $s0) * 1e9, 'sys_ns' => ($s1 - $s0) * 1e9];
}

/**
 * N times (new Fiber($fn))->start() of a function that returns at once.
 *
 * @return array{ns: int, spawn_ns: int, cpu_ns: float, sys_ns: float}
 */
function s7_fiber_once(int $n): array
{
    $fn = static function (): void {
    };
    $ended = 0;
    [$u0, $s0] = bench_cpu_split();
    $t0 = hrtime(true);
    for ($i = 0; $i < $n; $i++) {
        $fiber = new Fiber($fn);
        $fiber->start();
        $ended += (int) $fiber->isTerminated();
    }
    $t1 = hrtime(true);
    [$u1, $s1] = bench_cpu_split();
    bench_check($ended === $n, "S7: {$ended} of {$n} fibers ended");
    return ['ns' => $t1 - $t0, 'spawn_ns' => $t1 - $t0, 'cpu_ns' => ($u1 - $u0 + $s1 - $s0) * 1e9, 'sys_ns' => ($s1 - $s0) * 1e9];
}

/**
 * System CPU / all CPU over all runs, as "76%"; "-" when the runs used under
 * 0.5 s of CPU in all: the kernel splits user and system time by sampling at
 * clock ticks, so a shorter total says nothing.
 */
function s7_system_share(array $results): string
{
    $cpu = array_sum(array_column($results, 'cpu_ns'));
    return $cpu < 0.5e9 ? '-' : bench_num(100 * array_sum(array_column($results, 'sys_ns')) / $cpu, 0) . '%';
}

/** S7 section. */
function s7(array $opt, array $floors): array
{
    $n = $opt['quick'] ? 20_000 : 100_000;
    $rows = [];
    $labels = [
        'go' => '`go($fn)` x N, then one `Coroutine::yield()`',
        'park' => '`go($fn)` of a coroutine that yields once, 1,000 at a time',
        'fiber' => '`(new Fiber($fn))->start()` x N',
    ];
    foreach (['go' => 's7_go_once', 'park' => 's7_go_park_once', 'fiber' => 's7_fiber_once'] as $kind => $once) {
        // Untimed: grows the heap to N pending coroutines (and the stacks to
        // 1,000 in flight); for Fibers (each one maps and unmaps its stack,
        // nothing to grow) warming the code is enough.
        $once($kind === 'fiber' ? intdiv($n, 10) : $n);
        $results = bench_repeat($opt['runs'], static fn () => $once($n));
        $each = array_map(static fn (array $x): float => $x['ns'] / $n, $results);
        $ns = bench_median($each);
        // The split of the run whose total is the median (medians of the parts need not add up).
        usort($results, static fn (array $a, array $b): int => $a['ns'] <=> $b['ns']);
        $mid = $results[intdiv(count($results), 2)];
        $rows[] = [
            $labels[$kind],
            bench_int($n),
            bench_num($ns, 0),
            $kind !== 'fiber' ? bench_num($mid['spawn_ns'] / $n, 0) : '-',
            $kind !== 'fiber' ? bench_num(($mid['ns'] - $mid['spawn_ns']) / $n, 0) : '-',
            bench_num(bench_median(array_map(static fn (array $x): float => $x['cpu_ns'] / $n, $results)), 0),
            s7_system_share($results),
            bench_int(1e9 / $ns),
            bench_spread($each),
        ];
    }
    return [
        'title' => 'S7: spawn and run a coroutine that returns at once',
        'intro' => "N={$n} coroutines of `static function (): void {}`: go() all N, then main yields once and they all run to their end "
            . '(checked: Coroutine::stats()[\'spawned\'] grew by N, Coroutine::count() is back where it was). For comparison '
            . '`(new Fiber($fn))->start()` N times (start() runs it to its end; checked with isTerminated()). Time per coroutine or '
            . 'Fiber, medians of ' . $opt['runs'] . ' run(s) after an untimed warm-up run.',
        'headers' => ['what', 'N', 'ns each', 'of it: go() ns', 'of it: running ns', 'CPU ns each', 'system share of CPU', 'per second', 'spread'],
        'rows' => $rows,
        'notes' => [
            '"of it": the go() loop and the yield that runs them all, in the run whose total is the median.',
            'A Fiber gets its own C stack (mmap of fiber.stack_size plus a guard page) at start() and gives it back (munmap) when it '
            . 'ends, and its first frames fault in fresh pages: system calls and page faults, hence the system share (of all runs '
            . 'together; "-" when they used too little CPU for the kernel\'s tick-sampled user/system split to mean anything). '
            . 'chan runs a new coroutine on a worker context that an ended coroutine left behind, so N coroutines that return at once use one C stack. '
            . 'A coroutine that yields once cannot: the 1,000 in flight each get a context on a stack from chan\'s slabs (reused, warm: no '
            . 'system call, no page fault once the first batch has touched them).',
        ],
    ];
}
