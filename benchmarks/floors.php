<?php
/**
 * The two floors of the performance issue: what the same work costs with no
 * channel and no scheduler, so the channel figures can be read as a ratio.
 *
 * (a) SplQueue: push a fresh ['producer' => $i, 'message' => $j] and pop it,
 *     in one loop, no coroutines: ns per push+pop pair. The loop reads the
 *     popped value the same way the S1/S2 consumers do (a checksum of
 *     'message'), so the ratio compares like with like.
 * (b) Fiber ping-pong: main resumes a raw PHP Fiber, the fiber suspends
 *     (passing an int, as S3 passes one): ns per round trip. The fiber is
 *     not owned by the chan scheduler and makes no chan call.
 * (c) Not a floor of the issue but context for S1/S2: the life of a raw
 *     Fiber (new, start, suspend, resume to its end, free) with 100 alive at
 *     once, in us per fiber. Every coroutine is one Fiber, so S1 pays about
 *     2 x (c) per M messages before any channel work; on some machines
 *     (mmap/munmap of the fiber stack is a syscall pair) that is most of it.
 */

declare(strict_types=1);

/**
 * Floor (a), one run over $n push+pop pairs of $value ('array' or 'int'):
 * [wall ns per pair, CPU ns per pair].
 *
 * @return array{0: float, 1: float}
 */
function floor_splqueue_once(int $n, string $value = 'array'): array
{
    $queue = new SplQueue();
    $i = 1;
    $sum = 0;
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    if ($value === 'int') { // s1_once()'s int value (benchmarks/message.php)
        for ($j = 0; $j < $n; $j++) {
            $queue->push($j);
            $sum += $queue->pop();
        }
    } else {
        for ($j = 0; $j < $n; $j++) {
            $queue->push(['producer' => $i, 'message' => $j]);
            $v = $queue->pop();
            $sum += $v['message'];
        }
    }
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    bench_check($sum === intdiv($n * ($n - 1), 2), "floor (a): checksum {$sum} of popped values is wrong");
    bench_check(count($queue) === 0, 'floor (a): queue not empty');
    return [$ns / $n, $cpuNs / $n];
}

/**
 * Floor (b), one run over $n resume+suspend round trips: [wall ns, CPU ns] per round trip.
 *
 * @return array{0: float, 1: float}
 */
function floor_fiber_once(int $n): array
{
    $fiber = new Fiber(static function (int $n): int {
        for ($k = 0; $k < $n; $k++) {
            Fiber::suspend($k);
        }
        return -1;
    });
    $sum = 0;
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    $sum += $fiber->start($n);          // round trip 1: start ... suspend(0)
    for ($k = 1; $k < $n; $k++) {
        $sum += $fiber->resume();       // round trips 2..n
    }
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    $fiber->resume();                   // let it return, untimed
    bench_check($fiber->isTerminated() && $fiber->getReturn() === -1, 'floor (b): fiber did not finish');
    bench_check($sum === intdiv($n * ($n - 1), 2), "floor (b): checksum {$sum} of suspended values is wrong");
    return [$ns / $n, $cpuNs / $n];
}

/**
 * Floor (c), one run over $n fibers in batches of $batch alive at once:
 * [wall ns, CPU ns] per fiber.
 *
 * @return array{0: float, 1: float}
 */
function floor_fiber_life_once(int $n, int $batch): array
{
    $body = static function (int $k): int {
        Fiber::suspend();
        return $k;
    };
    $sum = 0;
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    for ($done = 0; $done < $n; $done += $batch) {
        $fibers = [];
        for ($k = 0; $k < $batch; $k++) {
            $fiber = new Fiber($body);
            $fiber->start($k);
            $fibers[] = $fiber;
        }
        foreach ($fibers as $fiber) {
            $fiber->resume();
            $sum += $fiber->getReturn();
        }
        $fibers = $fiber = null;
    }
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    bench_check($sum === ($n / $batch) * intdiv($batch * ($batch - 1), 2), "floor (c): checksum {$sum} of fiber results is wrong");
    return [$ns / $n, $cpuNs / $n];
}

/**
 * Both floors, $opt['runs'] runs each. Returns the section and the medians:
 * ['section' => ..., 'a_ns' => float, 'b_ns' => float, 'c_ns' => float].
 */
function floors(array $opt): array
{
    $nA = $opt['quick'] ? 200_000 : 1_000_000;
    $nB = $opt['quick'] ? 100_000 : 1_000_000;
    $nC = $opt['quick'] ? 200 : 1_000;

    $a = bench_repeat($opt['runs'], static fn () => floor_splqueue_once($nA));
    $b = bench_repeat($opt['runs'], static fn () => floor_fiber_once($nB));
    $aNs = bench_median(array_column($a, 0));
    $bNs = bench_median(array_column($b, 0));
    $c = bench_repeat($opt['runs'], static fn () => floor_fiber_life_once($nC, 100));
    $cNs = bench_median(array_column($c, 0));

    return [
        'a_ns' => $aNs,
        'b_ns' => $bNs,
        'c_ns' => $cNs,
        'section' => [
            'data' => ['floor a' => [[$aNs, 1e9 / $aNs]], 'floor b' => [[$bNs, 1e9 / $bNs]]],
            'title' => 'Floors',
            'intro' => 'What the work costs without channels or a scheduler. '
                . '(a) SplQueue push of a fresh `[\'producer\' => $i, \'message\' => $j]` plus a pop in a plain loop; '
                . '(b) two raw PHP Fibers ping-ponging (main resumes, fiber suspends).',
            'headers' => ['floor', 'iterations', 'ns per op', 'CPU ns per op', 'ops/s', 'spread'],
            'rows' => [
                ['(a) SplQueue push+pop pair', bench_int($nA), bench_num($aNs, 1), bench_num(bench_median(array_column($a, 1)), 1),
                    bench_int(1e9 / $aNs), bench_spread(array_column($a, 0))],
                ['(b) Fiber resume+suspend round trip', bench_int($nB), bench_num($bNs, 1), bench_num(bench_median(array_column($b, 1)), 1),
                    bench_int(1e9 / $bNs), bench_spread(array_column($b, 0))],
                ['(c) context: raw Fiber life, 100 alive at once', bench_int($nC), bench_num($cNs, 1), bench_num(bench_median(array_column($c, 1)), 1),
                    bench_int(1e9 / $cNs), bench_spread(array_column($c, 0))],
            ],
            'notes' => [
                '(c) is not a floor of the issue: it is the cost of one Fiber from new to free, which every coroutine pays '
                . '(S1 spawns 2C coroutines for C x M messages, so about 2 x (c) / M per message goes to that alone).',
            ],
        ],
    ];
}
