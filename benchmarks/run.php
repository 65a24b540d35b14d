<?php
/**
 * Benchmark runner for the chan extension: workloads S1-S3 of
 * /work/shared/BENCHMARKS.md plus the two floors of the performance issue,
 * all in this one process. Prints markdown tables of medians and writes them
 * to benchmarks/results/latest.md (--quick: results/quick.md).
 *
 *   php -d extension=/path/to/chan.so benchmarks/run.php [--quick] [--runs=N] [--only=s1,s2,s3] [--out=FILE]
 *
 *   --quick     1 run of each configuration and smaller sizes (a smoke run, ~seconds)
 *   --runs=N    runs per configuration; the tables show medians (default 5; with --quick 1)
 *   --only=...  comma-separated subset of s1,s2,s3 (the floors always run: the ratios need them)
 *   --out=FILE  where to write the markdown ("-" for nowhere)
 *
 * Each workload lives in its own file (floors.php, s1.php, s2.php, s3.php) as
 * a function returning a table section; helpers are in lib.php. Any wrong
 * count or checksum, PHP warning or exception aborts the run with exit 1.
 * Progress goes to stderr, the tables to stdout.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/floors.php';
require __DIR__ . '/s1.php';
require __DIR__ . '/s2.php';
require __DIR__ . '/s3.php';

const BENCH_WORKLOADS = ['s1', 's2', 's3'];

function bench_usage(int $code): never
{
    $doc = (string) file_get_contents(__FILE__);
    preg_match('~/\*\*(.*?)\*/~s', $doc, $m);
    $text = preg_replace('~^\s*\* ?~m', '', $m[1] ?? '');
    fwrite($code === 0 ? STDOUT : STDERR, trim((string) $text) . "\n");
    exit($code);
}

/** @return array{quick: bool, runs: int, only: list<string>, out: ?string} */
function bench_options(array $argv): array
{
    $opt = ['quick' => false, 'runs' => null, 'only' => BENCH_WORKLOADS, 'out' => null];
    foreach (array_slice($argv, 1) as $arg) {
        if ($arg === '--quick') {
            $opt['quick'] = true;
        } elseif (preg_match('/^--runs=([0-9]+)$/', $arg, $m) && (int) $m[1] >= 1) {
            $opt['runs'] = (int) $m[1];
        } elseif (preg_match('/^--only=([a-z0-9,]+)$/', $arg, $m)) {
            $only = array_values(array_unique(explode(',', $m[1])));
            if (array_diff($only, BENCH_WORKLOADS) !== []) {
                fwrite(STDERR, 'unknown workload in ' . $arg . '; known: ' . implode(',', BENCH_WORKLOADS) . "\n");
                exit(2);
            }
            $opt['only'] = array_values(array_intersect(BENCH_WORKLOADS, $only));
        } elseif (preg_match('/^--out=(.+)$/', $arg, $m)) {
            $opt['out'] = $m[1];
        } elseif ($arg === '--help' || $arg === '-h') {
            bench_usage(0);
        } else {
            fwrite(STDERR, "unknown argument: {$arg}\n");
            bench_usage(2);
        }
    }
    $opt['runs'] ??= $opt['quick'] ? 1 : 5;
    $opt['out'] ??= __DIR__ . '/results/' . ($opt['quick'] ? 'quick.md' : 'latest.md');
    return $opt;
}

/** Untimed runs of every code path, so the first measured run pays no first-use costs. */
function bench_warm_up(): void
{
    floor_splqueue_once(10_000);
    floor_fiber_once(10_000);
    foreach ([1024, 1, 0] as $capacity) {
        foreach (BENCH_RINGS as $lock) {
            s1_once(20, 100, $capacity, $lock);
        }
    }
    foreach (BENCH_RINGS as $lock) {
        s3_once(5_000, $lock);
    }
}

function bench_main(array $argv): void
{
    if (!extension_loaded('chan')) {
        fwrite(STDERR, "the chan extension is not loaded: php -d extension=/path/to/chan.so benchmarks/run.php\n");
        exit(2);
    }
    $opt = bench_options($argv);
    $env = bench_environment($argv);
    $start = hrtime(true);
    $progress = static function (string $what) use ($start): void {
        fprintf(STDERR, "[%6.1fs] %s\n", (hrtime(true) - $start) / 1e9, $what);
    };

    $progress('warm-up');
    bench_warm_up();

    $cpu0 = bench_cpu_seconds();
    $wall0 = hrtime(true);
    $progress('floors');
    $floors = floors($opt);
    $sections = [$floors['section']];
    foreach ($opt['only'] as $name) {
        $progress(strtoupper($name));
        $sections[] = $name($opt, $floors);
    }
    $cpuShare = (bench_cpu_seconds() - $cpu0) / ((hrtime(true) - $wall0) / 1e9);
    $elapsed = (hrtime(true) - $start) / 1e9;
    $progress('done');

    $md = "# chan benchmarks\n\n";
    $md .= '- command: `' . $env['command'] . "`\n";
    $md .= '- date: ' . $env['date'] . "\n";
    $md .= '- PHP: ' . $env['php'] . "\n";
    $md .= '- opcache: ' . $env['opcache'] . '; JIT: ' . $env['jit'] . "\n";
    $md .= '- chan: ' . $env['chan'] . "\n";
    $md .= '- source: git ' . $env['git'] . "\n";
    $md .= '- machine: ' . $env['cpu'] . '; load average at start ' . $env['load_start'] . ', at end ' . bench_loadavg() . "\n";
    $md .= '- runs per configuration: ' . $opt['runs'] . ($opt['quick'] ? ' (--quick: smaller sizes)' : '')
        . sprintf('; whole run %.1f s', $elapsed) . "\n";
    $md .= sprintf('- process CPU time / wall time while measuring: %.0f%%', 100 * $cpuShare)
        . ($cpuShare < 0.9 ? ' (**the process often waited for a CPU: the machine was busy, figures are noisy**)' : '') . "\n";
    if ($env['opt_level'] === '-O0') {
        $md .= "\n**Warning: this chan.so was compiled with -O0 (a dev build). Its figures say little about the "
            . "extension's speed; benchmark a release build (scripts/bench.sh).**\n";
    }
    $md .= "\n";
    foreach ($sections as $section) {
        $md .= bench_section_markdown($section);
    }

    echo $md;
    if ($opt['out'] !== '-') {
        $dir = dirname($opt['out']);
        if (!is_dir($dir) && !mkdir($dir, 0777, true) && !is_dir($dir)) {
            bench_fail("cannot create {$dir}");
        }
        bench_check(file_put_contents($opt['out'], $md) !== false, "cannot write {$opt['out']}");
        $progress('written to ' . $opt['out']);
    }
}

// Any notice or warning means the run is not what it claims to be.
set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $no, $file, $line);
});

try {
    bench_main($argv);
} catch (Throwable $e) {
    bench_fail(get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
}
