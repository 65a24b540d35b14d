<?php
/**
 * Shared helpers of the benchmark runner: failing loudly, statistics,
 * formatting and markdown tables, and a description of the environment.
 *
 * A workload file (s1.php, s2.php, ...) defines a function
 *   NAME(array $opt, array $floors): array   returning a "section":
 *   ['title' => string, 'intro' => string, 'headers' => string[],
 *    'rows' => list<list<string>>, 'notes' => string[],
 *    'data' => array<string, list<list<int|float>>>]   (optional: plot series)
 * which run.php prints and writes to results/latest.md; the series go to
 * results/latest.dat for benchmarks/plot.gp.
 */

declare(strict_types=1);

/** Aborts the whole run: a benchmark that computed something wrong has no figure. */
function bench_fail(string $message): never
{
    fwrite(STDERR, "\nBENCHMARK FAILED: {$message}\n");
    exit(1);
}

/** Aborts unless $condition holds. */
function bench_check(bool $condition, string $message): void
{
    if (!$condition) {
        bench_fail($message);
    }
}

/** Prints a script's opening doc comment (its usage) and exits with $code: on stdout for 0 (--help), else on stderr. */
function bench_usage(string $file, int $code = 2): never
{
    preg_match('~/\*\*(.*?)\*/~s', (string) file_get_contents($file), $d);
    fwrite($code === 0 ? STDOUT : STDERR, trim((string) preg_replace('~^\s*\* ?~m', '', $d[1] ?? '')) . "\n");
    exit($code);
}

/** @param list<int|float> $values */
function bench_median(array $values): float
{
    bench_check($values !== [], 'median of no values');
    sort($values);
    $n = count($values);
    $mid = intdiv($n, 2);
    return $n % 2 === 1 ? (float) $values[$mid] : ($values[$mid - 1] + $values[$mid]) / 2.0;
}

/**
 * Spread of repeated measurements, (max - min) / median, as "12%"; "-" for a
 * single run. Tells the reader how far to trust a median on a noisy machine.
 *
 * @param list<int|float> $values
 */
function bench_spread(array $values): string
{
    if (count($values) < 2) {
        return '-';
    }
    $median = bench_median($values);
    if ($median <= 0) {
        return '-';
    }
    return sprintf('%.0f%%', 100.0 * (max($values) - min($values)) / $median);
}

/**
 * Calls $once() $runs times with the collector left clean in between, and
 * returns the list of results.
 *
 * @template T
 * @param callable(): T $once
 * @return list<T>
 */
function bench_repeat(int $runs, callable $once): array
{
    $results = [];
    for ($r = 0; $r < $runs; $r++) {
        gc_collect_cycles();
        $results[] = $once();
    }
    return $results;
}

/**
 * The names a workload uses, in the implementation of namespace $ns: 'Chan'
 * (the extension) or 'PurePhp\Chan' (the pure-PHP model in
 * benchmarks/purephp, loaded by its bootstrap.php). The workload functions
 * take $ns so both run the same code; these lookups happen once per run,
 * outside the per-message loops.
 *
 * @return array{0: class-string, 1: class-string, 2: class-string, 3: Closure} [Channel, WaitGroup, Coroutine, go]
 */
function bench_impl(string $ns): array
{
    foreach (['Channel', 'WaitGroup', 'Coroutine'] as $class) {
        bench_check(class_exists("{$ns}\\{$class}", false), "{$ns}\\{$class} is not loaded");
    }
    bench_check(function_exists("{$ns}\\go"), "{$ns}\\go() is not loaded");
    return ["{$ns}\\Channel", "{$ns}\\WaitGroup", "{$ns}\\Coroutine", Closure::fromCallable("{$ns}\\go")];
}

/** 1234567.8 -> "1,234,568" */
function bench_int(float $value): string
{
    return number_format($value, 0, '.', ',');
}

/** Fixed decimals, thousands separators. */
function bench_num(float $value, int $decimals): string
{
    return number_format($value, $decimals, '.', ',');
}

/**
 * A markdown table with columns padded so it also reads well as plain text.
 * Columns whose cells are all numbers (or "-") are right-aligned.
 *
 * @param list<string> $headers
 * @param list<list<string>> $rows
 */
function bench_table(array $headers, array $rows): string
{
    $cols = count($headers);
    $width = array_map('strlen', $headers);
    $numeric = array_fill(0, $cols, true);
    foreach ($rows as $row) {
        bench_check(count($row) === $cols, 'table row has ' . count($row) . " cells, expected {$cols}");
        foreach ($row as $i => $cell) {
            $width[$i] = max($width[$i], strlen($cell));
            if (!preg_match('/^(-|[-+]?[0-9][0-9,]*(\.[0-9]+)?%?)$/', $cell)) {
                $numeric[$i] = false;
            }
        }
    }
    $line = static function (array $cells) use ($width, $numeric): string {
        $out = [];
        foreach ($cells as $i => $cell) {
            $out[] = $numeric[$i] ? str_pad($cell, $width[$i], ' ', STR_PAD_LEFT) : str_pad($cell, $width[$i]);
        }
        return '| ' . implode(' | ', $out) . ' |';
    };
    $sep = [];
    foreach ($width as $i => $w) {
        // The delimiter cell spans the padding too: "---:" must end in the colon.
        $sep[] = $numeric[$i] ? str_repeat('-', $w + 1) . ':' : str_repeat('-', $w + 2);
    }
    $text = $line($headers) . "\n" . '|' . implode('|', $sep) . "|\n";
    foreach ($rows as $row) {
        $text .= $line($row) . "\n";
    }
    return $text;
}

/** A section (see the file comment) as markdown. */
function bench_section_markdown(array $section): string
{
    $md = '## ' . $section['title'] . "\n\n";
    if (($section['intro'] ?? '') !== '') {
        $md .= $section['intro'] . "\n\n";
    }
    $md .= bench_table($section['headers'], $section['rows']);
    foreach ($section['notes'] ?? [] as $note) {
        $md .= "\n" . $note . "\n";
    }
    return $md . "\n";
}

/** Path of the chan.so this process loaded (Linux: from /proc/self/maps), or null. */
function bench_loaded_extension_path(): ?string
{
    $maps = @file_get_contents('/proc/self/maps');
    if ($maps === false) {
        return null;
    }
    foreach (explode("\n", $maps) as $line) {
        if (preg_match('~\s(/\S*chan\.so)$~', $line, $m)) {
            return $m[1];
        }
    }
    return null;
}

/**
 * A path as a results file names it: relative to the repository root when it
 * lies in the repository (".build-release/modules/chan.so"), only its
 * basename when it lies outside (a copy in a scratch directory: "chan.so"),
 * unchanged when it is relative already. A recorded command then reads the
 * same on every machine and names no directory of the one it ran on
 * (scripts/check-paths.sh fails on those).
 */
function bench_path(string $path): string
{
    if (!str_starts_with($path, '/')) {
        return $path;
    }
    static $root = null;
    $root ??= (realpath(dirname(__DIR__)) ?: dirname(__DIR__)) . '/';
    foreach ([realpath($path), $path] as $p) {
        if (is_string($p) && str_starts_with($p, $root)) {
            return substr($p, strlen($root));
        }
    }
    return basename($path);
}

/** A command-line word with its path passed through bench_path(): "/x/y.php", "--out=/x/y.md". */
function bench_path_arg(string $arg): string
{
    return preg_match('~^(-[A-Za-z0-9_-]*=)?(/.*)$~s', $arg, $m) ? $m[1] . bench_path($m[2]) : $arg;
}

/**
 * The optimisation level chan.so was compiled with, read from its DWARF
 * producer string (the last -O flag wins, as for the compiler), or null when
 * readelf or debug info is missing.
 */
function bench_extension_opt_level(string $path): ?string
{
    if (!is_executable('/usr/bin/readelf') && trim((string) @shell_exec('command -v readelf 2>/dev/null')) === '') {
        return null;
    }
    $out = @shell_exec('readelf --debug-dump=info ' . escapeshellarg($path) . ' 2>/dev/null | grep -m 1 DW_AT_producer');
    if (!is_string($out) || !preg_match_all('/\s(-O[0-9sgz]?)\b/', $out, $m)) {
        return null;
    }
    return end($m[1]);
}

/** Facts about the machine and the PHP process that decide how to read the figures. */
function bench_environment(array $argv): array
{
    $opcacheLoaded = extension_loaded('Zend OPcache');
    $status = function_exists('opcache_get_status') ? @opcache_get_status(false) : false;
    $opcacheOn = is_array($status) && !empty($status['opcache_enabled']);
    $jitOn = $opcacheOn && !empty($status['jit']['enabled']) && !empty($status['jit']['on']);
    $opcache = $opcacheOn ? 'on' : ($opcacheLoaded ? 'off (loaded, opcache.enable_cli=' . var_export(ini_get('opcache.enable_cli'), true) . ')' : 'off (not loaded)');
    $jit = $jitOn
        ? 'on (opcache.jit=' . ini_get('opcache.jit') . ', buffer ' . ini_get('opcache.jit_buffer_size') . ')'
        : 'off' . ($opcacheLoaded ? ' (opcache.jit=' . var_export(ini_get('opcache.jit'), true) . ', opcache.jit_buffer_size=' . var_export(ini_get('opcache.jit_buffer_size'), true) . ')' : '');

    $cpu = 'unknown';
    $cpuinfo = @file_get_contents('/proc/cpuinfo');
    if (is_string($cpuinfo) && preg_match('/^model name\s*:\s*(.+)$/m', $cpuinfo, $m)) {
        $cpu = trim($m[1]);
    }
    $cores = is_string($cpuinfo) ? max(1, preg_match_all('/^processor\s*:/m', $cpuinfo)) : 0;

    $so = bench_loaded_extension_path();
    $soInfo = 'unknown';
    $optLevel = null;
    if ($so !== null) {
        $optLevel = bench_extension_opt_level($so);
        $soInfo = sprintf('%s (modified %s, sha1 %s, compiled with %s)', bench_path($so), gmdate('Y-m-d H:i:s', (int) filemtime($so)) . ' UTC',
            substr((string) sha1_file($so), 0, 12), $optLevel ?? 'unknown -O');
    }

    $root = dirname(__DIR__);
    $git = trim((string) @shell_exec('git -C ' . escapeshellarg($root) . ' describe --always --dirty 2>/dev/null'));

    // -d options are not in $argv; the extension path is the one that matters. Paths as bench_path() gives them.
    $quote = static fn (string $a): string => preg_match('~^[A-Za-z0-9_./=,:+-]+$~', $a) ? $a : escapeshellarg($a);
    $cmd = 'php -d extension=' . $quote(bench_path($so ?? 'chan')) . ' ' . implode(' ', array_map(static fn (string $a): string => $quote(bench_path_arg($a)), $argv));

    return [
        'command' => $cmd,
        'date' => gmdate('Y-m-d H:i:s') . ' UTC',
        'php' => PHP_VERSION . ' ' . (PHP_ZTS ? 'ZTS' : 'NTS') . (PHP_DEBUG ? ' debug' : '') . ' (' . PHP_OS . ' ' . php_uname('m') . ')',
        'opcache' => $opcache,
        'jit' => $jit,
        'jit_on' => $jitOn,
        'chan' => phpversion('chan') . ', ' . $soInfo,
        'opt_level' => $optLevel,
        'git' => $git !== '' ? $git : 'unknown',
        'cpu' => $cpu . ", {$cores} logical CPUs",
        'load_start' => bench_loadavg(),
    ];
}

/** "1.02 0.87 0.55" from /proc/loadavg, or "unknown". */
function bench_loadavg(): string
{
    $l = @file_get_contents('/proc/loadavg');
    return is_string($l) ? implode(' ', array_slice(explode(' ', trim($l)), 0, 3)) : 'unknown';
}

/** Seconds of CPU (user + system) this process has used so far. */
function bench_cpu_seconds(): float
{
    $u = getrusage();
    return $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6 + $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6;
}

/** Resident set size of this process in bytes (VmRSS of /proc/self/status), or null off Linux. */
function bench_rss_bytes(): ?int
{
    $status = @file_get_contents('/proc/self/status');
    if (!is_string($status) || !preg_match('/^VmRSS:\s+([0-9]+) kB$/m', $status, $m)) {
        return null;
    }
    return (int) $m[1] * 1024;
}

/**
 * Number of memory maps of this process (lines of /proc/self/maps), or null
 * off Linux. Read line by line: near the kernel's map limit the process may
 * not be able to map a buffer for the whole file.
 */
function bench_maps_count(): ?int
{
    $f = @fopen('/proc/self/maps', 'r');
    if ($f === false) {
        return null;
    }
    $n = 0;
    while (fgets($f) !== false) {
        $n++;
    }
    fclose($f);
    return $n;
}

/** The kernel's limit on memory maps per process (vm.max_map_count), or null. */
function bench_max_map_count(): ?int
{
    $v = @file_get_contents('/proc/sys/vm/max_map_count');
    return is_string($v) && ctype_digit(trim($v)) ? (int) trim($v) : null;
}

/**
 * Seconds of user and of system CPU this process has used so far.
 *
 * @return array{0: float, 1: float} [user, system]
 */
function bench_cpu_split(): array
{
    $u = getrusage();
    return [$u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6, $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6];
}

/**
 * Builds $source, one Go main package, in sys_get_temp_dir()/chan-$name-go
 * (GOCACHE inside it) and returns the binary's path; null, with the reason
 * on stderr, when `go` is missing or the build fails.
 */
function bench_build_go(string $name, string $source): ?string
{
    if (trim((string) shell_exec('command -v go 2>/dev/null')) === '') {
        return null;
    }
    $dir = sys_get_temp_dir() . "/chan-$name-go";
    @mkdir($dir, 0700, true);
    file_put_contents("$dir/main.go", $source);
    $out = [];
    exec('cd ' . escapeshellarg($dir) . ' && GO111MODULE=off GOCACHE=' . escapeshellarg("$dir/cache")
        . ' go build -o ' . escapeshellarg("$name-go") . ' main.go 2>&1', $out, $rc);
    if ($rc !== 0) {
        fwrite(STDERR, "go build failed, no Go reference: " . implode("\n", $out) . "\n");
        return null;
    }
    return "$dir/$name-go";
}

/** Prints the report $md and writes it to $out unless that is "-". */
function bench_write_report(string $md, string $out): void
{
    echo "\n", $md;
    if ($out !== '-') {
        @mkdir(dirname($out), 0777, true);
        file_put_contents($out, $md);
        fwrite(STDERR, 'written: ' . bench_path($out) . "\n");
    }
}

