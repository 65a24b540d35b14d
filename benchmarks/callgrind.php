<?php
/**
 * Instructions per message, counted by valgrind's callgrind: S1 (capacity
 * 1024) at C = 1 and C = 500, S2 (capacity 1 and 0) at C = 1, 100, 500, S3,
 * for each ring, and the two floors, (a) SplQueue push(new message)+pop and
 * (b) a raw Fiber resume+suspend round trip. Then, function by function,
 * where the instructions of an S3 round trip and of an S1 message go.
 *
 * Each figure is the difference of two runs of benchmarks/once.php, with N
 * and 2N messages, divided by N: PHP's start-up, compiling the script,
 * creating the channel and spawning the coroutines are the same in both runs
 * and drop out. (So the spawn cost of S1's 2C coroutines is not in the S1
 * figures: see S7 for it.) The runs use `php -n` (no php.ini: opcache off)
 * and the given chan.so; counts are deterministic to a few instructions per
 * message, so one run of each is enough, and the load of the machine does
 * not matter.
 *
 *   php benchmarks/callgrind.php [--so=PATH/chan.so] [--quick] [--cache | --model] [--out=FILE]
 *
 *   --so=PATH   the extension (default $CHAN_SO, else .build-release/modules/chan.so)
 *   --quick     N divided by 10 (a smoke run, about a minute)
 *   --cache     instead: valgrind's cache simulation (--cache-sim=yes) for the floors, S1, S2
 *               and S3 on the lock-free ring: data cache misses per message, to see whether
 *               the working set grows with C (about 9 minutes)
 *   --model     instead: S1, S2 and S3 on the extension and on the pure-PHP model
 *               (benchmarks/purephp): instructions per message of each (about 3 minutes)
 *   --out=FILE  also write the markdown there (default benchmarks/results/callgrind.md, with
 *               --cache callgrind-cache.md, with --model callgrind-model.md; --quick: quick-*;
 *               "-" for nowhere)
 *
 * The callgrind output files are kept in $CALLGRIND_DIR (default
 * /tmp/chan-callgrind) for callgrind_annotate. About 5 minutes on the
 * 2-CPU machine; one valgrind process at a time.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s1.php'; // BENCH_RINGS

/**
 * The floors and workloads, id => what, ring, once.php arguments ("%d" = N),
 * N, messages per N, unit, messages per unit.
 */
function cg_cases(int $scale): array
{
    $cases = [];
    $add = static function (string $id, string $what, string $ring, array $args, int $n, int $msgsPerN, string $unit, int $msgsPerUnit) use (&$cases, $scale): void {
        $cases[$id] = ['what' => $what, 'ring' => $ring, 'args' => $args, 'n' => intdiv($n, $scale),
            'msgs_per_n' => $msgsPerN, 'unit' => $unit, 'msgs_per_unit' => $msgsPerUnit];
    };
    $add('floor-a', 'floor (a): SplQueue push(new message) + pop', '-', ['splqueue', '%d'], 1_000_000, 1, 'pair', 1);
    $add('floor-b', 'floor (b): raw Fiber resume + suspend', '-', ['fiber', '%d'], 500_000, 1, 'round trip', 1);
    foreach (BENCH_RINGS as $ring => $_) {
        $add("s1-c1-{$ring}", 'S1 C=1, capacity 1024', $ring, ['s1', '1', '%d', '1024', $ring], 100_000, 1, 'message', 1);
        $add("s1-c500-{$ring}", 'S1 C=500, capacity 1024', $ring, ['s1', '500', '%d', '1024', $ring], 1_000, 500, 'message', 1);
    }
    foreach (BENCH_RINGS as $ring => $_) {
        $add("s2-cap1-c1-{$ring}", 'S2 C=1, capacity 1', $ring, ['s2', '1', '%d', '1', $ring], 100_000, 1, 'message', 1);
        $add("s2-cap1-c100-{$ring}", 'S2 C=100, capacity 1', $ring, ['s2', '100', '%d', '1', $ring], 1_000, 100, 'message', 1);
        $add("s2-cap1-c500-{$ring}", 'S2 C=500, capacity 1', $ring, ['s2', '500', '%d', '1', $ring], 1_000, 500, 'message', 1);
    }
    // Capacity 0 has no ring (lockfree and mutex run the same code), so one ring is enough.
    $add('s2-cap0-c1-lockfree', 'S2 C=1, capacity 0', 'lockfree', ['s2', '1', '%d', '0', 'lockfree'], 100_000, 1, 'message', 1);
    $add('s2-cap0-c100-lockfree', 'S2 C=100, capacity 0', 'lockfree', ['s2', '100', '%d', '0', 'lockfree'], 1_000, 100, 'message', 1);
    $add('s2-cap0-c500-lockfree', 'S2 C=500, capacity 0', 'lockfree', ['s2', '500', '%d', '0', 'lockfree'], 1_000, 500, 'message', 1);
    foreach (BENCH_RINGS as $ring => $_) {
        $add("s3-{$ring}", 'S3 ping-pong, capacity 0', $ring, ['s3', '%d', $ring], 100_000, 2, 'round trip', 2);
    }
    return $cases;
}

/** @return array{so: string, quick: bool, cache: bool, model: bool, out: string} */
function cg_options(array $argv): array
{
    $opt = ['so' => getenv('CHAN_SO') ?: dirname(__DIR__) . '/.build-release/modules/chan.so', 'quick' => false, 'cache' => false, 'model' => false,
        'out' => null];
    foreach (array_slice($argv, 1) as $arg) {
        if (preg_match('/^--so=(.+)$/', $arg, $m)) {
            $opt['so'] = $m[1];
        } elseif ($arg === '--quick') {
            $opt['quick'] = true;
        } elseif ($arg === '--cache') {
            $opt['cache'] = true;
        } elseif ($arg === '--model') {
            $opt['model'] = true;
        } elseif (preg_match('/^--out=(.+)$/', $arg, $m)) {
            $opt['out'] = $m[1];
        } else {
            bench_usage(__FILE__);
        }
    }
    bench_check(!($opt['cache'] && $opt['model']), '--cache and --model are separate runs');
    $opt['out'] ??= __DIR__ . '/results/' . ($opt['quick'] ? 'quick-' : '')
        . ($opt['cache'] ? 'callgrind-cache.md' : ($opt['model'] ? 'callgrind-model.md' : 'callgrind.md'));
    bench_check(is_file($opt['so']), "no chan.so at {$opt['so']} (--so=PATH)");
    bench_check(trim((string) shell_exec('command -v valgrind')) !== '', 'valgrind is not installed');
    return $opt;
}

/**
 * Runs once.php under callgrind; returns [event => count over the whole run
 * (Ir = instructions; with the cache simulation also D1mr, DLmr, ...),
 * callgrind output file].
 *
 * @param list<string> $args
 * @param list<string> $tool extra valgrind options
 * @return array{0: array<string, int>, 1: string}
 */
function cg_run(string $so, string $dir, string $name, array $args, array $tool = []): array
{
    $file = "{$dir}/{$name}.out";
    $cmd = ['valgrind', '--tool=callgrind', ...$tool, "--callgrind-out-file={$file}", PHP_BINARY, '-n', '-d', "extension={$so}",
        __DIR__ . '/once.php', ...$args];
    $line = implode(' ', array_map('escapeshellarg', $cmd));
    exec($line . ' 2>' . escapeshellarg("{$dir}/{$name}.log"), $out, $status);
    bench_check($status === 0, "{$line} exited with {$status}: " . implode("\n", $out) . "\n" . @file_get_contents("{$dir}/{$name}.log"));
    $text = (string) file_get_contents($file);
    bench_check(preg_match('/^events:\s+(.+)$/m', $text, $e) === 1 && preg_match('/^summary:\s+(.+)$/m', $text, $m) === 1,
        "no events or summary line in {$file}");
    $names = preg_split('/\s+/', trim($e[1]));
    $counts = array_map('intval', preg_split('/\s+/', trim($m[1])));
    bench_check(count($names) === count($counts), "events and summary of {$file} do not match");
    return [array_combine($names, $counts), $file];
}

/**
 * Self instructions per function of a callgrind output (callgrind_annotate),
 * recursion levels ("fn'2") and file names merged.
 *
 * @return array<string, int> function => instructions
 */
function cg_functions(string $file): array
{
    exec('callgrind_annotate --auto=no --threshold=100 ' . escapeshellarg($file) . ' 2>/dev/null', $lines, $status);
    bench_check($status === 0, "callgrind_annotate {$file} failed");
    $fns = [];
    foreach ($lines as $line) {
        if (!preg_match('/^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*?)(?: \[(.*)\])?$/', $line, $m) || str_contains($m[2], 'PROGRAM TOTALS')) {
            continue;
        }
        $fn = preg_replace("/'[0-9]+$/", '', substr($m[2], (int) strrpos($m[2], ':') + 1));
        $fns[$fn] = ($fns[$fn] ?? 0) + (int) str_replace(',', '', $m[1]);
    }
    return $fns;
}

/**
 * The cases of --model: each runs on the extension and on the pure-PHP model
 * (smaller N than cg_cases(): the model costs several times more per message).
 */
function cg_model_cases(int $scale): array
{
    $cases = [];
    $list = [
        's1-c1' => ['S1 C=1, capacity 1024', ['s1', '1', '%d', '1024', 'lockfree'], 20_000, 1, 'message', 1],
        's1-c500' => ['S1 C=500, capacity 1024', ['s1', '500', '%d', '1024', 'lockfree'], 200, 500, 'message', 1],
        's2-cap1-c1' => ['S2 C=1, capacity 1', ['s1', '1', '%d', '1', 'lockfree'], 20_000, 1, 'message', 1],
        's2-cap0-c1' => ['S2 C=1, capacity 0', ['s1', '1', '%d', '0', 'lockfree'], 20_000, 1, 'message', 1],
        's2-cap0-c500' => ['S2 C=500, capacity 0', ['s1', '500', '%d', '0', 'lockfree'], 200, 500, 'message', 1],
        's3' => ['S3 ping-pong, capacity 0', ['s3', '%d', 'lockfree'], 20_000, 2, 'round trip', 2],
    ];
    foreach ($list as $id => [$what, $args, $n, $msgsPerN, $unit, $msgsPerUnit]) {
        foreach (['ext' => [], 'model' => ['--model']] as $impl => $flag) {
            $cases["model-{$id}-{$impl}"] = ['what' => $what, 'ring' => 'lockfree', 'args' => [...$flag, ...$args], 'n' => intdiv($n, $scale),
                'msgs_per_n' => $msgsPerN, 'unit' => $unit, 'msgs_per_unit' => $msgsPerUnit, 'impl' => $impl, 'pair' => $id];
        }
    }
    return $cases;
}

/** The cases of --cache. */
const CG_CACHE_CASES = ['floor-a', 'floor-b', 's1-c1-lockfree', 's1-c500-lockfree', 's2-cap1-c1-lockfree', 's2-cap1-c100-lockfree',
    's2-cap1-c500-lockfree', 's2-cap0-c1-lockfree', 's2-cap0-c100-lockfree', 's2-cap0-c500-lockfree', 's3-lockfree'];

/** Which part of the stack a function belongs to, for the breakdown. */
function cg_category(string $fn): string
{
    if (preg_match('/^(chan_|zim_Chan_|zif_Chan_|lf_|mx_|timer_)/', $fn)) {
        return 'chan.so';
    }
    if (preg_match('/^(pthread_mutex_|__pthread_mutex_)/', $fn)) {
        return 'libc pthread mutex (mx_* rings)';
    }
    if (preg_match('/^(zend_fiber_|jump_fcontext|make_fcontext|zend_observer_fiber_)/', $fn)) {
        return 'Fiber switch (PHP)';
    }
    if ($fn === 'execute_ex') {
        return 'PHP VM (execute_ex)';
    }
    if (preg_match('/^(_int_malloc|_int_free|malloc|free|__libc_|unlink_chunk|malloc_consolidate)/', $fn)) {
        return 'libc malloc/free';
    }
    return 'other PHP / libc';
}

/**
 * Per-unit difference of two function profiles, largest first.
 *
 * @return array<string, float>
 */
function cg_function_diff(string $file1, string $file2, int $units): array
{
    $a = cg_functions($file1);
    $b = cg_functions($file2);
    $d = [];
    foreach ($a + $b as $fn => $_) {
        $d[$fn] = (($b[$fn] ?? 0) - ($a[$fn] ?? 0)) / $units;
    }
    arsort($d);
    return $d;
}

/** Markdown: the breakdown by category and the functions of chan.so, per unit. */
function cg_breakdown(string $title, array $diff, float $total, string $unit): string
{
    $cats = [];
    foreach ($diff as $fn => $v) {
        $c = cg_category($fn);
        $cats[$c] = ($cats[$c] ?? 0.0) + $v;
    }
    arsort($cats);
    $rows = [];
    foreach ($cats as $c => $v) {
        if (abs($v) < 0.5) {
            continue;
        }
        $rows[] = [$c, bench_num($v, 0), bench_num(100 * $v / $total, 0) . '%'];
    }
    $md = "### {$title}\n\n" . bench_table(['part', "instructions per {$unit}", 'share'], $rows) . "\n";
    $rows = [];
    foreach ($diff as $fn => $v) {
        if (cg_category($fn) === 'chan.so' && abs($v) >= 0.5) {
            $rows[] = [$fn, bench_num($v, 1)];
        }
    }
    if ($rows !== []) {
        $md .= "Functions of chan.so (self instructions, callees not included):\n\n" . bench_table(['function', "instructions per {$unit}"], $rows) . "\n";
    }
    $top = [];
    foreach ($diff as $fn => $v) {
        if (cg_category($fn) !== 'chan.so' && $v >= 5) {
            $top[] = [$fn, cg_category($fn), bench_num($v, 1)];
        }
    }
    $md .= "Largest functions outside chan.so (unnamed static functions of the stripped php8.2 binary appear as addresses):\n\n"
        . bench_table(['function', 'part', "instructions per {$unit}"], array_slice($top, 0, 12)) . "\n";
    return $md;
}

$opt = cg_options($argv);
$dir = getenv('CALLGRIND_DIR') ?: '/tmp/chan-callgrind';
bench_check(is_dir($dir) || mkdir($dir, 0777, true), "cannot create {$dir}");
$cases = $opt['model'] ? cg_model_cases($opt['quick'] ? 10 : 1) : cg_cases($opt['quick'] ? 10 : 1);
$tool = [];
if ($opt['cache']) {
    $cases = array_intersect_key($cases, array_flip(CG_CACHE_CASES));
    $tool = ['--cache-sim=yes'];
}
$start = hrtime(true);
$load0 = bench_loadavg();

$results = [];
foreach ($cases as $id => $c) {
    $runs = [];
    foreach ([1, 2] as $k) {
        $n = $k * $c['n'];
        $args = array_map(static fn (string $a): string => $a === '%d' ? (string) $n : $a, $c['args']);
        if ($args[0] === 's2') {
            $args[0] = 's1'; // S2 is s1_once() with capacity 1 or 0
        }
        fprintf(STDERR, "[%5.0fs] %s N=%d\n", (hrtime(true) - $start) / 1e9, $id, $n);
        $runs[$k] = cg_run($opt['so'], $dir, ($opt['cache'] ? 'cache-' : '') . "{$id}-{$k}", $args, $tool);
        if ($opt['model']) {
            $out = (string) file_get_contents("{$dir}/{$id}-{$k}.out");
            bench_check(str_contains($out, 'zim_Chan_Channel_push') === ($c['impl'] === 'ext'),
                "{$id}: the callgrind profile does not show the implementation it should run");
        }
    }
    $units = intdiv($c['n'] * $c['msgs_per_n'], $c['msgs_per_unit']);
    $perUnit = [];
    foreach ($runs[2][0] as $event => $count) {
        $perUnit[$event] = ($count - $runs[1][0][$event]) / $units;
    }
    $results[$id] = $c + ['ir' => [$runs[1][0]['Ir'], $runs[2][0]['Ir']], 'files' => [$runs[1][1], $runs[2][1]], 'units' => $units,
        'per_unit' => $perUnit['Ir'], 'events' => $perUnit];
}

$git = trim((string) @shell_exec('git -C ' . escapeshellarg(dirname(__DIR__)) . ' describe --always --dirty 2>/dev/null'));
$md = '# chan: ' . ($opt['cache'] ? 'simulated cache misses per message' : ($opt['model'] ? 'extension against the pure-PHP model, instructions per message'
    : 'instructions per message')) . " (callgrind)\n\n";
$md .= '- command: `php benchmarks/callgrind.php --so=' . bench_path($opt['so']) . ($opt['quick'] ? ' --quick' : '') . ($opt['cache'] ? ' --cache' : '')
    . ($opt['model'] ? ' --model' : '') . "`\n";
$md .= '- each run: `valgrind --tool=callgrind ' . ($opt['cache'] ? '--cache-sim=yes ' : '') . 'php -n -d extension=' . bench_path($opt['so'])
    . " benchmarks/once.php WORKLOAD ...` (opcache off)\n";
$md .= '- date: ' . gmdate('Y-m-d H:i:s') . ' UTC; ' . trim((string) shell_exec('valgrind --version')) . '; PHP ' . PHP_VERSION
    . '; chan.so sha1 ' . substr((string) sha1_file($opt['so']), 0, 12) . '; git ' . ($git !== '' ? $git : 'unknown') . "\n";
$md .= "- load average at start {$load0}, at end " . bench_loadavg() . " (the counts do not depend on it)\n";

if ($opt['model']) {
    $rows = [];
    foreach ($results as $id => $r) {
        if ($r['impl'] !== 'ext') {
            continue;
        }
        $m = $results["model-{$r['pair']}-model"];
        $msgs = $r['n'] * $r['msgs_per_n'];
        $rows[] = [$r['what'], bench_int($msgs) . ' / ' . bench_int(2 * $msgs), bench_num($r['per_unit'] / $r['msgs_per_unit'], 0),
            bench_num($m['per_unit'] / $m['msgs_per_unit'], 0), bench_num($m['per_unit'] / $r['per_unit'], 2),
            bench_num(($m['per_unit'] - $r['per_unit']) / $r['msgs_per_unit'], 0)];
    }
    $md .= "\n## Instructions per message: extension and pure-PHP model\n\n"
        . 'The same workload functions (s1_once(), s3_once()) on namespace Chan (the extension) and PurePhp\\Chan '
        . '(benchmarks/purephp, the pure-PHP model: same algorithms), lock-free ring; two runs each, '
        . "(run 2 - run 1) / messages of run 1.\n\n";
    $md .= bench_table(['workload', 'messages (run 1 / run 2)', 'extension', 'pure-PHP model', 'model / extension',
        'model - extension'], $rows);
    $md .= "\nThe PHP work of the workload itself (building the message array, the loops, the checksums, calling push() and pop()) "
        . "is the same in both columns; the difference is what the channel and the scheduler cost in PHP instead of C.\n";
} elseif ($opt['cache']) {
    $first = reset($results);
    preg_match_all('/^desc: ((?:I1|D1|LL) cache:.*)$/m', (string) file_get_contents($first['files'][0]), $m);
    $md .= '- simulated caches (valgrind\'s model of this CPU): ' . implode('; ', $m[1]) . "\n\n";
    $rows = [];
    foreach ($results as $r) {
        $e = $r['events'];
        $per = static fn (float $v): string => bench_num($v / $r['msgs_per_unit'], 2);
        $rows[] = [$r['what'], $r['ring'], bench_int($r['n'] * $r['msgs_per_n']) . ' / ' . bench_int(2 * $r['n'] * $r['msgs_per_n']),
            bench_num($e['Ir'] / $r['msgs_per_unit'], 0), $per($e['Dr'] + $e['Dw']), $per($e['D1mr'] + $e['D1mw']),
            $per($e['DLmr'] + $e['DLmw']), $per($e['I1mr'])];
    }
    $md .= "## Data cache misses per message\n\n"
        . 'As the instruction table: (run 2 - run 1) / messages of run 1, here for every event of the cache simulation. '
        . "S3: per message (half a round trip).\n\n";
    $md .= bench_table(['workload', 'ring', 'messages (run 1 / run 2)', 'instructions', 'data reads + writes', 'D1 misses',
        'LL misses (data)', 'I1 misses'], $rows);
    $md .= "\nD1 = the simulated first-level data cache, LL = the simulated last-level cache; the simulation has no second level "
        . "and no TLB, so it shows where the working set grows, not what a miss costs on this CPU.\n";
} else {
    $fa = $results['floor-a']['per_unit'];
    $fb = $results['floor-b']['per_unit'];
    $rows = [];
    foreach ($results as $id => $r) {
        $perMsg = $r['per_unit'] / $r['msgs_per_unit'];
        $vs = match (true) {
            $id === 'floor-a', $id === 'floor-b' => '-',
            str_starts_with($id, 's1') => 'x' . bench_num($perMsg / $fa, 2) . ' floor (a)',
            str_starts_with($id, 's2') => 'x' . bench_num($perMsg / ($fa + $fb), 2) . ' (a) + (b)',
            default => 'x' . bench_num($r['per_unit'] / $fb, 2) . ' floor (b)',
        };
        $msgs = $r['n'] * $r['msgs_per_n'];
        $rows[] = [$r['what'], $r['ring'], bench_int($msgs) . ' / ' . bench_int(2 * $msgs), bench_int($r['ir'][0]), bench_int($r['ir'][1]),
            bench_num($r['per_unit'], 0) . ' per ' . $r['unit'], bench_num($perMsg, 0), $vs];
    }
    $md .= "\n## Instructions per message\n\n";
    $md .= 'Each row: two runs, with the messages given, (instructions of run 2 - run 1) / (messages of run 1). '
        . "S3's unit is the round trip (2 messages); floor (b)'s is one resume + suspend pair (two switches).\n\n";
    $md .= bench_table(['workload', 'ring', 'messages (run 1 / run 2)', 'instructions run 1', 'instructions run 2', 'instructions per unit',
        'per message', 'against'], $rows);
    $md .= "\n\"against\": S1 per message / floor (a); S2 per message / (floor (a) + floor (b)), the cost model of the issue's S2 target; "
        . "S3 per round trip / floor (b). Capacity 0 has no ring, so only one ring is counted for S2 capacity 0.\n\n";

    $md .= "## Where the instructions go\n\n"
        . 'Self instructions of each function, from `callgrind_annotate --auto=no --threshold=100` of the same two runs, '
        . "(run 2 - run 1) / units. Recursion levels (callgrind's fn'2 across Fiber switches) are merged.\n\n";
    foreach (['s3-lockfree' => 'S3 round trip (lockfree; capacity 0 uses no ring)', 'floor-b' => 'floor (b): raw Fiber round trip',
        's1-c1-lockfree' => 'S1 message, C=1, lockfree ring', 's1-c1-mutex' => 'S1 message, C=1, mutex ring',
        'floor-a' => 'floor (a): SplQueue push+pop pair'] as $id => $title) {
        $r = $results[$id];
        $md .= cg_breakdown($title, cg_function_diff($r['files'][0], $r['files'][1], $r['units']), $r['per_unit'], $r['unit']);
    }
}

echo $md;
if ($opt['out'] !== '-') {
    bench_check(file_put_contents($opt['out'], $md) !== false, "cannot write {$opt['out']}");
    fprintf(STDERR, "written to %s\n", $opt['out']);
}
fprintf(STDERR, "callgrind files in %s; done in %.0f s\n", $dir, (hrtime(true) - $start) / 1e9);
