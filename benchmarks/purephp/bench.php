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
 * Producers and consumers are spawned in pairs from main, which then blocks
 * on a WaitGroup (as benchmarks/s1.php does); timed from the first spawn
 * until every consumer is done. Every run checks that each value arrived
 * exactly once. The two implementations alternate run by run (so slow drift
 * of a shared machine hits both alike) after one untimed warm-up each;
 * figures are medians of --runs (default 5) samples, a sample being the run
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

$quick = isset($opt['quick']);
$runs = (int) ($opt['runs'] ?? ($quick ? 3 : 5));
$M = $quick ? 250 : 1000;
$N = $quick ? 50_000 : 200_000;

/** The two implementations: label => namespace. */
const IMPLS = ['extension' => 'Chan', 'pure PHP' => 'PurePhp\\Chan'];

function fail(string $msg): never
{
    fwrite(STDERR, "\nBENCHMARK FAILED: {$msg}\n");
    exit(1);
}

function cpu_ns(): float
{
    $r = getrusage();
    return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1e9 + ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) * 1e3;
}

function median(array $v): float
{
    sort($v);
    $n = count($v);
    return $n % 2 ? (float) $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2.0;
}

/**
 * One producer/consumer run on implementation $ns (S1, S2).
 *
 * @return array{ns: int, cpu: float, msgs: int}
 */
function pc_once(string $ns, int $C, int $M, int $capacity): array
{
    $Channel = "{$ns}\\Channel";
    $WaitGroup = "{$ns}\\WaitGroup";
    $Coroutine = "{$ns}\\Coroutine";
    $go = "{$ns}\\go";
    $ch = new $Channel($capacity);
    $consumersDone = new $WaitGroup($C);
    $producersDone = new $WaitGroup($C);
    $received = $sumMessage = $sumProducer = 0;
    $base = $Coroutine::count();

    $producer = static function (int $i) use ($ch, $M, $producersDone): void {
        for ($j = 0; $j < $M; $j++) {
            $ch->push(['producer' => $i, 'message' => $j]);
        }
        $producersDone->done();
    };
    $consumer = static function () use ($ch, $M, $consumersDone, &$received, &$sumMessage, &$sumProducer): void {
        $n = $sm = $sp = 0;
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

    $cpu0 = cpu_ns();
    $t0 = hrtime(true);
    for ($i = 0; $i < $C; $i++) {
        $go($producer, $i);
        $go($consumer);
    }
    $consumersDone->wait();
    $ns_ = hrtime(true) - $t0;
    $cpu = cpu_ns() - $cpu0;

    $producersDone->wait();
    $msgs = $C * $M;
    $where = "{$ns} C={$C} M={$M} capacity={$capacity}";
    $received === $msgs || fail("{$where}: received {$received} of {$msgs}");
    $sumMessage === $C * intdiv($M * ($M - 1), 2) || fail("{$where}: wrong checksum of 'message'");
    $sumProducer === $M * intdiv($C * ($C - 1), 2) || fail("{$where}: wrong checksum of 'producer'");
    $s = $ch->stats();
    ($s['length'] === 0 && $s['pushers'] === 0 && $s['poppers'] === 0) || fail("{$where}: channel not idle: " . json_encode($s));
    for ($k = 0; $k < 4 && $Coroutine::count() > $base; $k++) {
        $Coroutine::yield();
    }
    $Coroutine::count() === $base || fail("{$where}: coroutines left");
    return ['ns' => $ns_, 'cpu' => $cpu, 'msgs' => $msgs];
}

/**
 * One ping-pong run (S3): $n round trips, 2 messages each.
 *
 * @return array{ns: int, cpu: float, msgs: int}
 */
function pingpong_once(string $ns, int $n): array
{
    $Channel = "{$ns}\\Channel";
    $WaitGroup = "{$ns}\\WaitGroup";
    $go = "{$ns}\\go";
    $ping = new $Channel(0);
    $pong = new $Channel(0);
    $done = new $WaitGroup(2);
    $sum = 0;
    $bad = -1;
    $pinger = static function () use ($ping, $pong, $n, $done, &$sum, &$bad): void {
        $s = 0;
        for ($i = 0; $i < $n; $i++) {
            $ping->push($i);
            $v = $pong->pop();
            if ($v !== $i && $bad < 0) {
                $bad = $i;
            }
            $s += $v;
        }
        $sum = $s;
        $done->done();
    };
    $ponger = static function () use ($ping, $pong, $n, $done): void {
        for ($i = 0; $i < $n; $i++) {
            $pong->push($ping->pop());
        }
        $done->done();
    };
    $cpu0 = cpu_ns();
    $t0 = hrtime(true);
    $go($pinger);
    $go($ponger);
    $done->wait();
    $ns_ = hrtime(true) - $t0;
    $cpu = cpu_ns() - $cpu0;
    $bad < 0 || fail("{$ns} S3: round trip {$bad} returned a different value");
    $sum === intdiv($n * ($n - 1), 2) || fail("{$ns} S3: wrong checksum");
    return ['ns' => $ns_, 'cpu' => $cpu, 'msgs' => 2 * $n];
}

/**
 * One sample: $once repeated until SAMPLE_NS have passed (a single run of
 * the small cases lasts well under a millisecond, too short to time alone
 * on a busy machine), summed.
 *
 * @return array{ns: int, cpu: float, msgs: int}
 */
function sample(callable $once, string $ns): array
{
    $sum = ['ns' => 0, 'cpu' => 0.0, 'msgs' => 0];
    do {
        $x = $once($ns);
        $sum['ns'] += $x['ns'];
        $sum['cpu'] += $x['cpu'];
        $sum['msgs'] += $x['msgs'];
    } while ($sum['ns'] < SAMPLE_NS);
    return $sum;
}

const SAMPLE_NS = 100_000_000;

/**
 * Runs $once for every implementation, alternating, $runs samples after one
 * warm-up each.
 *
 * @return array<string, array{rate: float, cpu_rate: float, spread: float}> label => medians
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
        $med = median($rates);
        $out[$label] = ['rate' => $med, 'cpu_rate' => median($cpuRates), 'spread' => (max($rates) - min($rates)) / $med];
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
        sprintf('%.0f%% / %.0f%%', 100 * $e['spread'], 100 * $p['spread']),
    ];
    fwrite(STDERR, '.');
};

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
printf("PHP %s, %s; extension %s; %d run(s) each, medians; %s CPU(s), load %s\n\n",
    PHP_VERSION, $jit ? 'opcache + JIT (' . ini_get('opcache.jit') . ')' : (ini_get('opcache.enable_cli') ? 'opcache, no JIT' : 'no opcache'),
    $opt['ext'] ?? (string) (new ReflectionExtension('chan'))->getName(), $runs,
    trim((string) @shell_exec('nproc')) ?: '?', implode(' ', array_map(fn($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
$headers = ['scenario', 'parameters', 'extension msgs/s', 'pure PHP msgs/s', 'ext / PHP (wall)', 'ext / PHP (CPU)', 'spread ext / PHP'];
echo '| ', implode(' | ', $headers), " |\n";
echo '|', implode('|', array_map(fn($h) => str_repeat('-', 3), $headers)), "|\n";
foreach ($rows as $r) {
    echo '| ', implode(' | ', $r), " |\n";
}
echo "\nS3 counts 2 messages per round trip. spread = (max - min) / median of msgs/s over the runs.\n";
