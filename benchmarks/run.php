<?php
/**
 * Benchmark runner for the chan extension: workloads S1-S5 of
 * ../shared/BENCHMARKS.md (S6, the HTTP server, is not here), S7 (spawn
 * cost), S9 (Chan\SharedChannel across processes, beside SysV queues, socket
 * pairs and Redis) and the floors of the performance issue. Prints markdown tables of
 * medians and writes them to benchmarks/results/latest.md (--quick:
 * results/quick.md), with the S1/S2 series for the plots next to it (.dat).
 *
 *   php -d extension=/path/to/chan.so benchmarks/run.php [--quick] [--runs=N] [--only=s1,s2,...] [--out=FILE] [--data=FILE] [--require-jit] [--no-go]
 *
 *   --quick        1 run of each configuration and smaller sizes (a smoke run, ~half a minute)
 *   --runs=N       runs per configuration; the tables show medians (default 5; with --quick 1)
 *   --only=...     comma-separated subset of s1,s2,s3,s4,s5,s7,s9 (the floors always run: the ratios need them)
 *   --out=FILE     where to write the markdown ("-" for nowhere)
 *   --data=FILE    where to write the plot data (gnuplot blocks, see benchmarks/plot.gp); default: --out with .dat
 *                  instead of .md ("-" for nowhere)
 *   --require-jit  fail unless opcache's JIT is on (scripts/bench.sh's JIT run)
 *   --no-go        leave out the Go baseline of S1, S2 and S3 (by default it runs when `go` is on PATH)
 *
 * Everything runs in this one process except S5, which starts one child
 * process (this PHP binary, this chan.so, these opcache settings) per
 * measurement, S9, which forks its P processes per measurement (at most 3
 * runs of each configuration, whatever --runs says above that; see s9.php),
 * and the Go baseline of S1, S2 and S3 (benchmarks/gobaseline.php:
 * built from benchmarks/gochan/ when `go` is on PATH, one process per run,
 * GOMAXPROCS=1), which adds a Go column and the chan/Go ratio to their tables. scripts/bench.sh runs the whole set with opcache off and with
 * the tracing JIT, and draws the plots.
 *
 * Each workload lives in its own file (floors.php, s1.php ... s7.php, s9.php) as a
 * function returning a table section; helpers are in lib.php. Any wrong
 * count or checksum, PHP warning or exception aborts the run with exit 1.
 * Progress goes to stderr, the tables to stdout.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/gobaseline.php';
require __DIR__ . '/floors.php';
require __DIR__ . '/s1.php';
require __DIR__ . '/s2.php';
require __DIR__ . '/s3.php';
require __DIR__ . '/s4.php';
require __DIR__ . '/s5.php';
require __DIR__ . '/s7.php';
require __DIR__ . '/s9.php';

const BENCH_WORKLOADS = ['s1', 's2', 's3', 's4', 's5', 's7', 's9'];
/** Workloads that keep the CPU busy all the time (S4 sleeps in S4u, S5 waits for its children). */
const BENCH_CPU_BOUND = ['s1', 's2', 's3', 's7'];

/**
 * 'go' is filled in by bench_main(): [binary, `go version`] or null.
 *
 * @return array{quick: bool, runs: int, only: list<string>, out: string, data: string, require_jit: bool, no_go: bool, go: ?array}
 */
function bench_options(array $argv): array
{
    $opt = ['quick' => false, 'runs' => null, 'only' => BENCH_WORKLOADS, 'out' => null, 'data' => null, 'require_jit' => false,
        'no_go' => false, 'go' => null];
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
        } elseif (preg_match('/^--data=(.+)$/', $arg, $m)) {
            $opt['data'] = $m[1];
        } elseif ($arg === '--require-jit') {
            $opt['require_jit'] = true;
        } elseif ($arg === '--no-go') {
            $opt['no_go'] = true;
        } elseif ($arg === '--help' || $arg === '-h') {
            bench_usage(__FILE__, 0);
        } else {
            fwrite(STDERR, "unknown argument: {$arg}\n");
            bench_usage(__FILE__);
        }
    }
    $opt['runs'] ??= $opt['quick'] ? 1 : 5;
    $opt['out'] ??= __DIR__ . '/results/' . ($opt['quick'] ? 'quick.md' : 'latest.md');
    $opt['data'] ??= $opt['out'] === '-' ? '-' : preg_replace('/(\.md)?$/', '.dat', $opt['out'], 1);
    return $opt;
}

/** Untimed runs of every code path, so the first measured run pays no first-use costs. (S7 warms itself up.) */
function bench_warm_up(array $opt): void
{
    floor_splqueue_once(10_000);
    floor_fiber_once(10_000);
    foreach ([1024, 1, 0] as $capacity) {
        foreach (BENCH_RINGS as $lock) {
            foreach (BENCH_ORDERS as $order) {
                s1_once(20, 100, $capacity, $lock, 'Chan', $order);
            }
        }
    }
    foreach (BENCH_RINGS as $lock) {
        s3_once(5_000, $lock);
    }
    if (in_array('s4', $opt['only'], true)) {
        foreach (S4_VARIANTS as $pause) {
            foreach (BENCH_RINGS as $lock) {
                s4_once(4, $lock, $pause, 0.02);
            }
        }
    }
}

/** Writes $text to $file, creating its directory. */
function bench_write(string $file, string $text): void
{
    $dir = dirname($file);
    if (!is_dir($dir) && !mkdir($dir, 0777, true) && !is_dir($dir)) {
        bench_fail("cannot create {$dir}");
    }
    bench_check(file_put_contents($file, $text) !== false, "cannot write {$file}");
}

/**
 * The sections' plot series as gnuplot data: one block per series, headed by
 * a comment with its name (gnuplot: `index "name"`), blocks two blank lines apart.
 */
function bench_plot_data(array $sections, array $env): string
{
    $text = '# chan benchmarks plot data; ' . $env['date'] . '; opcache ' . $env['opcache'] . '; JIT ' . $env['jit'] . "\n\n\n";
    foreach ($sections as $section) {
        foreach ($section['data'] ?? [] as $name => $points) {
            $text .= "# {$name}\n";
            foreach ($points as $point) {
                $text .= implode(' ', array_map(static fn ($v): string => is_float($v) ? sprintf('%.6g', $v) : (string) $v, $point)) . "\n";
            }
            $text .= "\n\n";
        }
    }
    return $text;
}

function bench_main(array $argv): void
{
    if (!extension_loaded('chan')) {
        fwrite(STDERR, "the chan extension is not loaded: php -d extension=/path/to/chan.so benchmarks/run.php\n");
        exit(2);
    }
    $opt = bench_options($argv);
    $env = bench_environment($argv);
    if ($opt['require_jit'] && !$env['jit_on']) {
        bench_fail('--require-jit: the JIT is not on (JIT: ' . $env['jit'] . ')');
    }
    $start = hrtime(true);
    $progress = static function (string $what) use ($start): void {
        fprintf(STDERR, "[%6.1fs] %s\n", (hrtime(true) - $start) / 1e9, $what);
    };

    if (!$opt['no_go'] && array_intersect(['s1', 's2', 's3'], $opt['only']) !== []) {
        $progress('building the Go baseline (benchmarks/gochan)');
        $opt['go'] = bench_go_build();
    }
    $progress('warm-up');
    bench_warm_up($opt);

    // CPU time / wall time over the workloads that never sleep: below ~90% the
    // process waited for a CPU (another process had it), and the figures are noisy.
    $cpuBusy = 0.0;
    $wallBusy = 0.0;
    // The Go baseline runs in child processes: their CPU time counts too.
    $cpuAll = static function (): float {
        $c = getrusage(1);
        return bench_cpu_seconds() + $c['ru_utime.tv_sec'] + $c['ru_utime.tv_usec'] / 1e6 + $c['ru_stime.tv_sec'] + $c['ru_stime.tv_usec'] / 1e6;
    };
    $measure = static function (callable $work) use (&$cpuBusy, &$wallBusy, $cpuAll): array {
        $cpu0 = $cpuAll();
        $wall0 = hrtime(true);
        $section = $work();
        $cpuBusy += $cpuAll() - $cpu0;
        $wallBusy += (hrtime(true) - $wall0) / 1e9;
        return $section;
    };
    $progress('floors');
    $floors = $measure(static fn (): array => floors($opt));
    $sections = [$floors['section']];
    foreach ($opt['only'] as $name) {
        $progress(strtoupper($name));
        $work = static fn (): array => $name($opt, $floors);
        $sections[] = in_array($name, BENCH_CPU_BOUND, true) ? $measure($work) : $work();
    }
    $cpuShare = $cpuBusy / $wallBusy;
    $cpuBoundNames = 'floors' . implode('', array_map(static fn (string $n): string => ', ' . strtoupper($n),
        array_values(array_intersect($opt['only'], BENCH_CPU_BOUND))));
    $elapsed = (hrtime(true) - $start) / 1e9;
    $progress('done');

    $md = "# chan benchmarks\n\n";
    $md .= '- command: `' . $env['command'] . "`\n";
    $md .= '- date: ' . $env['date'] . "\n";
    $md .= '- PHP: ' . $env['php'] . "\n";
    $md .= '- opcache: ' . $env['opcache'] . '; JIT: ' . $env['jit'] . "\n";
    $md .= '- chan: ' . $env['chan'] . "\n";
    $md .= '- source: git ' . $env['git'] . "\n";
    $md .= '- Go baseline (S1, S2, S3): ' . ($opt['go'] !== null ? $opt['go'][1] . ', GOMAXPROCS=1'
        : ($opt['no_go'] ? 'off (--no-go)' : 'none (no `go` command on PATH)')) . "\n";
    $md .= '- machine: ' . $env['cpu'] . '; load average at start ' . $env['load_start'] . ', at end ' . bench_loadavg() . "\n";
    $md .= '- runs per configuration: ' . $opt['runs'] . ($opt['quick'] ? ' (--quick: smaller sizes)' : '')
        . sprintf('; whole run %.1f s', $elapsed) . "\n";
    $md .= sprintf('- process CPU time / wall time while measuring the workloads that never sleep (%s): %.0f%%', $cpuBoundNames, 100 * $cpuShare)
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
        bench_write($opt['out'], $md);
        $progress('written to ' . $opt['out']);
    }
    if ($opt['data'] !== '-') {
        bench_write($opt['data'], bench_plot_data($sections, $env));
        $progress('plot data written to ' . $opt['data']);
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
