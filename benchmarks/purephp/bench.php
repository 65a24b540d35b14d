<?php
/**
 * The extension against the pure-PHP model, same process, same workloads:
 *
 *   S1  C producers each push M=1000 values ['producer' => $i, 'message' => $j]
 *       into ONE channel of capacity 1024, C consumers each pop M;
 *       C in 1, 10, 50, 100, 200, 500.
 *   S2  the same with capacity 1 and 0, C in 1, 100, 500.
 *   S3  ping-pong: N=200000 round trips over two capacity-0 channels (a round
 *       trip is two messages).
 *
 * The workloads are the functions run.php times, s1_once() and s3_once() of
 * benchmarks/s1.php and s3.php, given the implementation's namespace (Chan
 * or PurePhp\Chan), lock-free ring. Producers and consumers are spawned in
 * pairs from main, which then blocks on a WaitGroup; timed from the first
 * spawn until every consumer is done. Every run checks that each value
 * arrived exactly once. The two implementations alternate run by run (so
 * slow drift of a shared machine hits both alike) after one untimed warm-up
 * each; figures are medians of --runs (default 5) samples, a sample being the run
 * repeated until it has lasted 0.1 s (timed from spawn to the last consumer
 * each time, summed). msgs/s from wall time; the ratio is also given from
 * process CPU time (user + system), which a busy machine disturbs less.
 *
 *   php benchmarks/purephp/bench.php [--ext=PATH/chan.so] [--runs=5] [--quick] [--jit]
 *
 * Without the extension loaded it re-runs itself with -d extension=--ext
 * (default: the -O2 build, ../../.build-release/modules/chan.so, else
 * ../../modules/chan.so). --jit runs both under opcache + the tracing JIT.
 * --quick: M=250, N=50000, 3 runs.
 */

declare(strict_types=1);

$opt = getopt('', ['ext:', 'runs:', 'quick', 'jit', 'child']);

if (!extension_loaded('chan') || (isset($opt['jit']) && !isset($opt['child']))) {
    $so = $opt['ext'] ?? null;
    if ($so === null) {
        foreach ([dirname(__DIR__, 2) . '/.build-release/modules/chan.so', dirname(__DIR__, 2) . '/modules/chan.so'] as $cand) {
            if (is_file($cand)) {
                $so = $cand;
                break;
            }
        }
    }
    if ($so === null || !is_file($so)) {
        fwrite(STDERR, "bench: no chan.so found (use --ext=PATH)\n");
        exit(2);
    }
    $cmd = [PHP_BINARY];
    if (!extension_loaded('chan')) {
        array_push($cmd, '-d', 'extension=' . $so);
    }
    if (isset($opt['jit'])) {
        array_push($cmd, '-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=tracing', '-d', 'opcache.jit_buffer_size=64M');
    }
    array_push($cmd, __FILE__, '--child', '--ext=' . $so);
    foreach (['runs', 'quick', 'jit'] as $k) {
        if (isset($opt[$k])) {
            $cmd[] = $opt[$k] === false ? "--{$k}" : "--{$k}={$opt[$k]}";
        }
    }
    $p = proc_open($cmd, [STDIN, STDOUT, STDERR], $pipes);
    exit(proc_close($p));
}

require __DIR__ . '/bootstrap.php';
require dirname(__DIR__) . '/lib.php';
require dirname(__DIR__) . '/s1.php';
require dirname(__DIR__) . '/s3.php';

$quick = isset($opt['quick']);
$runs = (int) ($opt['runs'] ?? ($quick ? 3 : 5));
$M = $quick ? 250 : 1000;
$N = $quick ? 50_000 : 200_000;

/** The two implementations: label => namespace (see bench_impl() in ../lib.php). */
const IMPLS = ['extension' => 'Chan', 'pure PHP' => 'PurePhp\\Chan'];

/**
 * One producer/consumer run on implementation $ns (S1, S2): s1_once() of
 * ../s1.php, the code run.php times, with the lock-free ring.
 *
 * @return array{ns: int, cpu: float, msgs: int, switches: int}
 */
function pc_once(string $ns, int $C, int $M, int $capacity): array
{
    $r = s1_once($C, $M, $capacity, false, $ns);
    return ['ns' => $r['ns'], 'cpu' => $r['cpu_ns'], 'msgs' => $r['msgs'], 'switches' => $r['switches']];
}

/**
 * One ping-pong run (S3): s3_once() of ../s3.php, $n round trips, 2 messages each.
 *
 * @return array{ns: int, cpu: float, msgs: int, switches: int}
 */
function pingpong_once(string $ns, int $n): array
{
    $r = s3_once($n, false, $ns);
    return ['ns' => $r['ns'], 'cpu' => $r['cpu_ns'], 'msgs' => 2 * $r['trips'], 'switches' => $r['switches']];
}

/**
 * One sample: $once repeated until SAMPLE_NS have passed (a single run of
 * the small cases lasts well under a millisecond, too short to time alone
 * on a busy machine), summed.
 *
 * @return array{ns: int, cpu: float, msgs: int, switches: int}
 */
function sample(callable $once, string $ns): array
{
    $sum = ['ns' => 0, 'cpu' => 0.0, 'msgs' => 0, 'switches' => 0];
    do {
        $x = $once($ns);
        $sum['ns'] += $x['ns'];
        $sum['cpu'] += $x['cpu'];
        $sum['msgs'] += $x['msgs'];
        $sum['switches'] += $x['switches'];
    } while ($sum['ns'] < SAMPLE_NS);
    return $sum;
}

const SAMPLE_NS = 100_000_000;

/**
 * Runs $once for every implementation, alternating, $runs samples after one
 * warm-up each.
 *
 * @return array<string, array{rate: float, cpu_rate: float, spread: float, switches: float}> label => medians
 */
function measure(int $runs, callable $once): array
{
    $res = [];
    foreach (IMPLS as $label => $ns) {
        gc_collect_cycles();
        $once($ns); // warm-up: first-run costs (page faults, stacks) out of the figures
        $res[$label] = [];
    }
    for ($r = 0; $r < $runs; $r++) {
        foreach (IMPLS as $label => $ns) {
            gc_collect_cycles();
            $res[$label][] = sample($once, $ns);
        }
    }
    $out = [];
    foreach ($res as $label => $list) {
        $rates = array_map(fn($x) => $x['msgs'] * 1e9 / $x['ns'], $list);
        $cpuRates = array_map(fn($x) => $x['msgs'] * 1e9 / max($x['cpu'], 1.0), $list);
        $switches = array_map(fn($x) => $x['switches'] / $x['msgs'], $list);
        $med = bench_median($rates);
        $out[$label] = ['rate' => $med, 'cpu_rate' => bench_median($cpuRates), 'spread' => (max($rates) - min($rates)) / $med,
            'switches' => bench_median($switches)];
    }
    return $out;
}

$rows = [];
$add = function (string $scenario, string $params, array $m) use (&$rows): void {
    $e = $m['extension'];
    $p = $m['pure PHP'];
    $rows[] = [
        $scenario,
        $params,
        number_format($e['rate']),
        number_format($p['rate']),
        sprintf('%.2f', $e['rate'] / $p['rate']),
        sprintf('%.2f', $e['cpu_rate'] / $p['cpu_rate']),
        sprintf('%.3f / %.3f', $e['switches'], $p['switches']),
        sprintf('%.0f%% / %.0f%%', 100 * $e['spread'], 100 * $p['spread']),
    ];
    fwrite(STDERR, '.');
};

$load0 = implode(' ', array_map(fn($l) => sprintf('%.2f', $l), sys_getloadavg() ?: []));
$t0 = microtime(true);
fwrite(STDERR, 'measuring');
foreach ([1, 10, 50, 100, 200, 500] as $C) {
    $add('S1', "C={$C}, M={$M}, capacity 1024", measure($runs, fn(string $ns) => pc_once($ns, $C, $M, 1024)));
}
foreach ([1, 0] as $cap) {
    foreach ([1, 100, 500] as $C) {
        $add('S2', "C={$C}, M={$M}, capacity {$cap}", measure($runs, fn(string $ns) => pc_once($ns, $C, $M, $cap)));
    }
}
$add('S3', "N={$N} round trips, capacity 0", measure($runs, fn(string $ns) => pingpong_once($ns, $N)));
fwrite(STDERR, sprintf(" %.0f s\n", microtime(true) - $t0));

$jit = ini_get('opcache.enable_cli') && ini_get('opcache.jit') && ini_get('opcache.jit') !== 'disable' && ini_get('opcache.jit') !== 'off' && ini_get('opcache.jit_buffer_size');
printf("PHP %s, %s; extension %s; %d run(s) each, medians; %s CPU(s), load average at start %s, at end %s\n\n",
    PHP_VERSION, $jit ? 'opcache + JIT (' . ini_get('opcache.jit') . ')' : (ini_get('opcache.enable_cli') ? 'opcache, no JIT' : 'no opcache'),
    bench_path($opt['ext'] ?? (string) (new ReflectionExtension('chan'))->getName()), $runs,
    trim((string) @shell_exec('nproc')) ?: '?', $load0, implode(' ', array_map(fn($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
echo bench_table(['scenario', 'parameters', 'extension msgs/s', 'pure PHP msgs/s', 'ext / PHP (wall)', 'ext / PHP (CPU)',
    'switches/msg ext / PHP', 'spread ext / PHP'], $rows);
echo "\nS3 counts 2 messages per round trip. spread = (max - min) / median of msgs/s over the runs. "
    . "Both implementations run the same workload functions (s1_once() and s3_once() of benchmarks/s1.php, s3.php), lock-free ring.\n";
