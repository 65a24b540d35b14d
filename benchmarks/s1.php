<?php
/**
 * S1, concurrency sweep (../shared/BENCHMARKS.md): C producer coroutines
 * each push M values ['producer' => $i, 'message' => $j] into ONE channel of
 * capacity 1024; C consumer coroutines each pop M values. Timed from the
 * first spawn until every consumer has finished, for both rings.
 *
 * s1_once() is the producer/consumer core; S2 reuses it with capacity 1 and 0,
 * and purephp/bench.php runs it on the pure-PHP model (namespace PurePhp\Chan).
 */

declare(strict_types=1);

/** The figures of the published Swoole study, in its metric (2 x msgs/s): [lock-free, mutex]. */
const S1_STUDY = [
    1 => [869_565, 740_741],
    10 => [94_340, 77_519],
    50 => [73_260, 78_864],
    100 => [63_211, 78_927],
    200 => [48_656, 79_224],
    500 => [28_200, 76_770],
];

/** Ring names in table order; the value is Channel's $lock argument. */
const BENCH_RINGS = ['lockfree' => false, 'mutex' => true];

/**
 * Spawn orders, in table order: 'paired' spawns producer 0, consumer 0,
 * producer 1, ...; 'producers-first' spawns all C producers, then all C
 * consumers. With a buffer, paired lets each consumer drain what its producer
 * just pushed, and hardly anything blocks; producers first fills the buffer,
 * parks the other producers, and every later pop wakes one of them.
 */
const BENCH_ORDERS = ['paired', 'producers-first'];

/**
 * One producer/consumer run. Producers and consumers are spawned from main in
 * $order (BENCH_ORDERS; default paired: producer 0, consumer 0, producer 1,
 * ...); main then blocks in WaitGroup::wait() until every consumer is done,
 * which drives the scheduler. Checks every value arrived once and aborts the
 * benchmark otherwise.
 *
 * $ns is the namespace of the implementation: 'Chan' (the extension) or
 * 'PurePhp\Chan' (the pure-PHP model, benchmarks/purephp). The names are
 * resolved outside the per-message loops, which are the same for both.
 *
 * @return array{ns: int, cpu_ns: float, msgs: int, switches: int}
 */
function s1_once(int $C, int $M, int $capacity, bool $lock, string $ns = 'Chan', string $order = 'paired', string $value = 'array'): array
{
    bench_check(in_array($order, BENCH_ORDERS, true), "unknown spawn order {$order}");
    bench_check($value === 'array' || $value === 'int', "unknown value kind {$value}");
    [$Channel, $WaitGroup, $Coroutine, $go] = bench_impl($ns);
    $ch = new $Channel($capacity, $lock);
    bench_check($ch->stats()['queue'] === ($lock ? 'mutex' : 'lockfree'), 'channel reports the wrong ring');
    $consumersDone = new $WaitGroup($C);
    $producersDone = new $WaitGroup($C);
    $received = 0;
    $sumMessage = 0;
    $sumProducer = 0;
    $baseCount = $Coroutine::count();

    // 'int': the same shape with a value that costs PHP no allocation,
    // $i * $M + $j, summed whole (benchmarks/message.php). Each value kind
    // has its own loops: no test per message.
    $producer = $value === 'int' ? static function (int $i) use ($ch, $M, $producersDone): void {
        for ($j = $i * $M, $end = $j + $M; $j < $end; $j++) {
            $ch->push($j);
        }
        $producersDone->done();
    } : static function (int $i) use ($ch, $M, $producersDone): void {
        for ($j = 0; $j < $M; $j++) {
            $ch->push(['producer' => $i, 'message' => $j]);
        }
        $producersDone->done();
    };
    $consumer = $value === 'int' ? static function () use ($ch, $M, $consumersDone, &$received, &$sumMessage): void {
        $n = 0;
        $s = 0;
        for ($j = 0; $j < $M; $j++) {
            $s += $ch->pop();
            $n++;
        }
        $received += $n;
        $sumMessage += $s;
        $consumersDone->done();
    } : static function () use ($ch, $M, $consumersDone, &$received, &$sumMessage, &$sumProducer): void {
        $n = 0;
        $sm = 0;
        $sp = 0;
        for ($j = 0; $j < $M; $j++) {
            $v = $ch->pop();
            $n++;
            $sm += $v['message'];
            $sp += $v['producer'];
        }
        $received += $n;
        $sumMessage += $sm;
        $sumProducer += $sp;
        $consumersDone->done();
    };

    $switches0 = $Coroutine::stats()['switches'];
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    if ($order === 'paired') {
        for ($i = 0; $i < $C; $i++) {
            $go($producer, $i);
            $go($consumer);
        }
    } else {
        for ($i = 0; $i < $C; $i++) {
            $go($producer, $i);
        }
        for ($i = 0; $i < $C; $i++) {
            $go($consumer);
        }
    }
    $consumersDone->wait();
    $wallNs = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    $switches = $Coroutine::stats()['switches'] - $switches0;

    // Untimed: let the producers return, then check nothing was lost or left.
    $producersDone->wait();
    $msgs = $C * $M;
    $where = "{$ns} C={$C} M={$M} capacity={$capacity} " . ($lock ? 'mutex' : 'lockfree') . " {$order} {$value}";
    bench_check($received === $msgs, "{$where}: consumers received {$received} messages, expected {$msgs}");
    if ($value === 'int') {
        bench_check($sumMessage === intdiv($msgs * ($msgs - 1), 2), "{$where}: checksum of the int values is wrong ({$sumMessage})");
    } else {
        bench_check($sumMessage === $C * intdiv($M * ($M - 1), 2), "{$where}: checksum of 'message' fields is wrong ({$sumMessage})");
        bench_check($sumProducer === $M * intdiv($C * ($C - 1), 2), "{$where}: checksum of 'producer' fields is wrong ({$sumProducer})");
    }
    $stats = $ch->stats();
    bench_check($stats['length'] === 0 && $stats['pushers'] === 0 && $stats['poppers'] === 0,
        "{$where}: channel not idle after the run: " . json_encode($stats));
    // A coroutine that has called done() may still be on its way out.
    for ($k = 0; $k < 4 && $Coroutine::count() > $baseCount; $k++) {
        $Coroutine::yield();
    }
    bench_check($Coroutine::count() === $baseCount, "{$where}: " . ($Coroutine::count() - $baseCount) . ' coroutines still alive after the run');

    return ['ns' => $wallNs, 'cpu_ns' => $cpuNs, 'msgs' => $msgs, 'switches' => $switches];
}

/**
 * Runs s1_once() $runs times per ring for one (C, M, capacity, order),
 * alternating the rings run by run so slow drift of the machine hits both
 * alike; with $goBin (benchmarks/gobaseline.php), the Go program's run of
 * the same shape follows each round, under the key 'go'.
 *
 * @return array<string, list<array{ns: int, cpu_ns?: float, msgs: int, switches?: int}>> ring name (or 'go') => runs
 */
/**
 * Adds one point per ring (Go's included) of a measurement to the plot data,
 * under "$prefix RING", and returns the chan rings' summaries.
 *
 * @return array<string, array<string, mixed>> ring => s1_summary()
 */
function s1_plot_points(array $measured, string $prefix, int $C, array &$data): array
{
    $summaries = [];
    foreach ($measured as $ring => $results) {
        if ($ring === 'go') {
            $rates = array_map(static fn (array $r): float => $r['msgs'] * 1e9 / $r['ns'], $results);
            $data["{$prefix} go"][] = [$C, bench_median($rates), min($rates), max($rates)];
            continue;
        }
        $s = $summaries[$ring] = s1_summary($results);
        $data["{$prefix} {$ring}"][] = [$C, $s['msgs_per_s'], $s['min_msgs_per_s'], $s['max_msgs_per_s']];
    }
    return $summaries;
}

function s1_measure_rings(int $runs, int $C, int $M, int $capacity, string $order = 'paired', ?string $goBin = null): array
{
    $out = array_fill_keys(array_keys(BENCH_RINGS), []);
    for ($r = 0; $r < $runs; $r++) {
        foreach (BENCH_RINGS as $ring => $lock) {
            gc_collect_cycles();
            $out[$ring][] = s1_once($C, $M, $capacity, $lock, 'Chan', $order);
        }
        if ($goBin !== null) {
            $out['go'][] = bench_go_s1_once($goBin, $C, $M, $capacity, $order);
        }
    }
    return $out;
}

/**
 * The Go cells of a table row: Go's median msgs/s, chan msgs/s / Go msgs/s
 * and the same ratio on CPU time per message (above 1: chan is faster), or
 * nothing when Go did not run.
 *
 * @param list<array{ns: int, cpu_ns: int, msgs: int}>|null $go
 * @return list<string>
 */
function s1_go_cells(array $chan, ?array $go): array
{
    if ($go === null) {
        return [];
    }
    $goRate = bench_go_rate($go);
    return [bench_int($goRate), bench_num($chan['msgs_per_s'] / $goRate, 2), bench_num(bench_go_cpu_ns($go) / $chan['cpu_ns_per_msg'], 2)];
}

/** Headers of the Go cells. */
function s1_go_headers(?string $goBin): array
{
    return $goBin !== null ? ['Go msgs/s', 'chan / Go', 'chan / Go, CPU time'] : [];
}

/** Notes under a table with Go columns. */
function s1_go_note(array $opt): array
{
    if ($opt['go'] === null) {
        return ['No Go column: no `go` command on PATH (or --no-go).'];
    }
    return ['Go = benchmarks/gochan/channels.go, the same shape with goroutines and a Go channel of the same capacity '
        . '(' . $opt['go'][1] . ', GOMAXPROCS=1, one process per run, after one untimed run in that process; the value is a '
        . 'two-int struct sent by value, where PHP builds and frees an array per message). Its run follows the chan runs of each '
        . 'round, so both see the same machine. chan / Go = chan msgs/s / Go msgs/s: above 1, chan is faster. chan / Go, CPU time = '
        . 'Go CPU ns per message / chan CPU ns per message (getrusage of each process over its run): the ratio without the time '
        . 'either waited for a CPU, the better figure when the machine is busy.'];
}

/** Spawn order as a table cell. */
function s1_order_cell(string $order): string
{
    return $order === 'paired' ? 'paired' : 'producers first';
}

/**
 * Medians of a list of s1_once() results.
 *
 * @param list<array{ns: int, cpu_ns: float, msgs: int, switches: int}> $results
 * @return array{msgs_per_s: float, min_msgs_per_s: float, max_msgs_per_s: float, ns_per_msg: float, cpu_ns_per_msg: float,
 *     switches_per_msg: float, spread: string}
 */
function s1_summary(array $results): array
{
    $rates = array_map(static fn (array $r): float => $r['msgs'] * 1e9 / $r['ns'], $results);
    $switches = array_map(static fn (array $r): float => $r['switches'] / $r['msgs'], $results);
    $rate = bench_median($rates);
    return [
        'msgs_per_s' => $rate,
        'min_msgs_per_s' => min($rates),
        'max_msgs_per_s' => max($rates),
        'ns_per_msg' => 1e9 / $rate,
        'cpu_ns_per_msg' => bench_median(array_map(static fn (array $r): float => $r['cpu_ns'] / $r['msgs'], $results)),
        'switches_per_msg' => bench_median($switches),
        'spread' => bench_spread($rates),
    ];
}

/** S1 section. $floors['a_ns'] is floor (a) in ns per push+pop pair. */
function s1(array $opt, array $floors): array
{
    $M = $opt['quick'] ? 250 : 1000;
    $capacity = 1024;
    $goBin = $opt['go'][0] ?? null;
    $rows = [];
    $data = [];
    foreach ([1, 10, 50, 100, 200, 500] as $C) {
        foreach (BENCH_ORDERS as $order) {
            $measured = s1_measure_rings($opt['runs'], $C, $M, $capacity, $order, $goBin);
            $go = $measured['go'] ?? null;
            foreach (s1_plot_points($measured, "s1 {$order}", $C, $data) as $ring => $s) {
                $study = S1_STUDY[$C][$ring === 'lockfree' ? 0 : 1];
                $rows[] = [
                    (string) $C,
                    s1_order_cell($order),
                    $ring,
                    bench_int($s['msgs_per_s']),
                    ...s1_go_cells($s, $go),
                    bench_int(2 * $s['msgs_per_s']),
                    bench_num($floors['a_ns'] / $s['ns_per_msg'], 3),
                    bench_num($s['ns_per_msg'], 0),
                    bench_num($s['cpu_ns_per_msg'], 0),
                    bench_num($s['switches_per_msg'], 3),
                    $s['spread'],
                    bench_int($study),
                ];
            }
        }
    }
    return [
        'data' => $data,
        'title' => 'S1: concurrency sweep (capacity 1024)',
        'intro' => "C producers each push M={$M} values `['producer' => \$i, 'message' => \$j]` into one "
            . "`new Channel({$capacity}, \$lock)`; C consumers each pop M. Time from the first spawn until every consumer "
            . 'has finished (main waits on a WaitGroup). Spawn order: paired (producer 0, consumer 0, producer 1, ...) or '
            . 'producers first (all C producers, then all C consumers). Medians of ' . $opt['runs'] . ' run(s).',
        'headers' => ['C', 'spawn order', 'ring', 'msgs/s', ...s1_go_headers($goBin),
            'published metric (2 x msgs/s)', 'ratio to floor (a)', 'ns/msg',
            'CPU ns/msg', 'switches/msg', 'spread', 'Swoole study (its metric, its hardware)'],
        'rows' => $rows,
        'notes' => [
            'ratio to floor (a) = floor (a) ns per push+pop pair / channel ns per message (1.0 would mean the channel and '
            . 'scheduler cost nothing beyond an SplQueue). CPU ns/msg = process CPU time (user + system, getrusage) per message: '
            . 'unlike wall time it leaves out time the process waited for a CPU. spread = (max - min) / median of msgs/s over the runs.',
            ...s1_go_note($opt),
        ],
    ];
}
