<?php
/**
 * S3, ping-pong (../shared/BENCHMARKS.md): two coroutines, two channels of
 * capacity 0, N round trips (ping pushes $i on one channel, pong pops it and
 * pushes it back on the other, ping pops it). Reports ns per round trip and
 * the ratio to floor (b), two raw Fibers ping-ponging, and beside Go
 * (benchmarks/gobaseline.php) when it is installed.
 */

declare(strict_types=1);

/**
 * One ping-pong run of $n round trips, timed from the first spawn until both
 * coroutines are done. Aborts the benchmark when a value comes back wrong.
 *
 * $ns: the implementation, as for s1_once().
 *
 * @return array{ns: int, cpu_ns: float, trips: int, switches: int}
 */
function s3_once(int $n, bool $lock, string $ns = 'Chan'): array
{
    [$Channel, $WaitGroup, $Coroutine, $go] = bench_impl($ns);
    $ping = new $Channel(0, $lock);
    $pong = new $Channel(0, $lock);
    $done = new $WaitGroup(2);
    $trips = 0;
    $sum = 0;
    $bad = -1;

    $pinger = static function () use ($ping, $pong, $n, $done, &$trips, &$sum, &$bad): void {
        $s = 0;
        for ($i = 0; $i < $n; $i++) {
            $ping->push($i);
            $v = $pong->pop();
            if ($v !== $i && $bad < 0) {
                $bad = $i;
            }
            $s += $v;
        }
        $trips = $i;
        $sum = $s;
        $done->done();
    };
    $ponger = static function () use ($ping, $pong, $n, $done): void {
        for ($i = 0; $i < $n; $i++) {
            $pong->push($ping->pop());
        }
        $done->done();
    };

    $switches0 = $Coroutine::stats()['switches'];
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    $go($pinger);
    $go($ponger);
    $done->wait();
    $wallNs = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    $switches = $Coroutine::stats()['switches'] - $switches0;

    $where = "{$ns} S3 " . ($lock ? 'mutex' : 'lockfree') . " N={$n}";
    bench_check($bad < 0, "{$where}: round trip {$bad} returned a different value");
    bench_check($trips === $n, "{$where}: {$trips} round trips completed, expected {$n}");
    bench_check($sum === intdiv($n * ($n - 1), 2), "{$where}: checksum {$sum} of returned values is wrong");
    return ['ns' => $wallNs, 'cpu_ns' => $cpuNs, 'trips' => $n, 'switches' => $switches];
}

/** S3 section. $floors['b_ns'] is floor (b) in ns per Fiber round trip. */
function s3(array $opt, array $floors): array
{
    $n = $opt['quick'] ? 50_000 : 200_000;
    $goBin = $opt['go'][0] ?? null;
    $byRing = array_fill_keys(array_keys(BENCH_RINGS), []);
    $go = [];
    for ($r = 0; $r < $opt['runs']; $r++) {
        foreach (BENCH_RINGS as $ring => $lock) {
            gc_collect_cycles();
            $byRing[$ring][] = s3_once($n, $lock);
        }
        if ($goBin !== null) {
            $go[] = bench_go_s3_once($goBin, $n);
        }
    }
    $goNs = $go !== [] ? bench_median(array_map(static fn (array $x): float => $x['ns'] / $x['trips'], $go)) : null;
    $rows = [];
    foreach ($byRing as $ring => $results) {
        $perTrip = array_map(static fn (array $x): float => $x['ns'] / $x['trips'], $results);
        $switches = array_map(static fn (array $x): float => $x['switches'] / $x['trips'], $results);
        $ns = bench_median($perTrip);
        $rows[] = [
            $ring,
            bench_int($n),
            bench_num($ns, 1),
            ...($goNs !== null ? [bench_num($goNs / $ns, 2)] : []),
            bench_num($floors['b_ns'] / $ns, 3),
            bench_num(bench_median(array_map(static fn (array $x): float => $x['cpu_ns'] / $x['trips'], $results)), 1),
            bench_int(1e9 / $ns),
            bench_num(bench_median($switches), 3),
            bench_spread($perTrip),
        ];
    }
    if ($goNs !== null) {
        $perTrip = array_map(static fn (array $x): float => $x['ns'] / $x['trips'], $go);
        $goCpu = bench_median(array_map(static fn (array $x): float => $x['cpu_ns'] / $x['trips'], $go));
        $rows[] = ['Go (GOMAXPROCS=1)', bench_int($n), bench_num($goNs, 1), '1.00', bench_num($floors['b_ns'] / $goNs, 3), bench_num($goCpu, 1),
            bench_int(1e9 / $goNs), '-', bench_spread($perTrip)];
    }
    return [
        'title' => 'S3: ping-pong (two coroutines, two channels of capacity 0)',
        'intro' => "N={$n} round trips: ping pushes \$i into channel 1 and pops the answer from channel 2; "
            . 'pong pops channel 1 and pushes the value into channel 2. Time from the first spawn until both are done. '
            . 'Medians of ' . $opt['runs'] . ' run(s).',
        'headers' => ['ring', 'N', 'ns per round trip', ...($goNs !== null ? ['chan / Go'] : []), 'ratio to floor (b)', 'CPU ns per round trip', 'round trips/s', 'switches/round trip', 'spread'],
        'rows' => $rows,
        'notes' => [
            'ratio to floor (b) = raw Fiber ns per round trip / channel ns per round trip. A raw Fiber round trip is '
            . 'two switches (resume, suspend); a channel round trip needs at least two as well.',
            ...($goNs !== null ? ['Go = benchmarks/gochan/channels.go s3: two goroutines, two unbuffered channels, the same N ('
                . $opt['go'][1] . ', GOMAXPROCS=1, one process per run after one untimed run, following the chan runs of each round). '
                . 'chan / Go = Go ns per round trip / chan ns per round trip: above 1, chan is faster.'] : []),
        ],
    ];
}
