<?php
/**
 * The Go baseline of S1, S2 and S3 (and of benchmarks/switchcost.php's
 * ring): benchmarks/gochan/channels.go, built once per run with the `go` on
 * PATH (Debian's golang-go; standard library only, no network: GOPROXY=off,
 * GOFLAGS=-mod=mod) and run with GOMAXPROCS=1, one process per measurement,
 * in the same sweep as chan so the chan/Go ratios come from one run. See
 * channels.go for the workloads; each process runs its workload once untimed
 * and then once timed.
 */

declare(strict_types=1);

/**
 * Builds the Go program into a temporary directory (removed at exit) and
 * returns [binary, `go version`], or null when there is no `go` command.
 * A build that fails aborts the benchmark.
 *
 * @return array{0: string, 1: string}|null
 */
function bench_go_build(): ?array
{
    static $built = false;
    if ($built !== false) {
        return $built;
    }
    if (trim((string) @shell_exec('command -v go 2>/dev/null')) === '') {
        return $built = null;
    }
    $dir = rtrim(sys_get_temp_dir(), '/') . '/chan-gochan-' . getmypid();
    bench_check(is_dir($dir) || mkdir($dir, 0700, true), "cannot create {$dir}");
    register_shutdown_function(static function () use ($dir): void {
        @exec('rm -rf ' . escapeshellarg($dir));
    });
    $bin = $dir . '/channels';
    $cmd = 'cd ' . escapeshellarg(__DIR__ . '/gochan') . ' && env GOCACHE=' . escapeshellarg($dir . '/gocache')
        . ' GOPATH=' . escapeshellarg($dir . '/gopath') . ' GOPROXY=off GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -o '
        . escapeshellarg($bin) . ' . 2>&1';
    exec($cmd, $out, $status);
    bench_check($status === 0 && is_executable($bin), "building benchmarks/gochan failed ({$cmd}):\n" . implode("\n", $out));
    return $built = [$bin, trim((string) shell_exec('go version'))];
}

/**
 * Runs the Go program once with GOMAXPROCS=1: one untimed run of the
 * workload, then $runs timed ones. Returns their results.
 *
 * @param list<string> $args workload and flags, as for channels.go
 * @return list<array{ns: int, cpu_ns: int, ops: int}>
 */
function bench_go_run(string $bin, array $args, int $runs = 1): array
{
    $cmd = 'env GOMAXPROCS=1 ' . escapeshellarg($bin) . ' ' . implode(' ', array_map('escapeshellarg', $args))
        . ' -runs ' . $runs . ' -warmup 1 2>&1';
    exec($cmd, $out, $status);
    bench_check($status === 0, "{$cmd} exited with {$status}: " . implode("\n", $out));
    $results = [];
    foreach ($out as $line) {
        $r = json_decode($line, true);
        bench_check(is_array($r) && isset($r['ns'], $r['cpu_ns'], $r['ops']) && $r['ns'] > 0, "{$cmd}: unexpected output line: {$line}");
        $results[] = ['ns' => (int) $r['ns'], 'cpu_ns' => (int) $r['cpu_ns'], 'ops' => (int) $r['ops']];
    }
    bench_check(count($results) === $runs, "{$cmd}: expected {$runs} results, got " . count($results));
    return $results;
}

/**
 * One Go S1/S2 run, shaped like s1_once()'s result (no switch count).
 *
 * @return array{ns: int, cpu_ns: int, msgs: int}
 */
function bench_go_s1_once(string $bin, int $C, int $M, int $capacity, string $order, string $value = 'struct'): array
{
    $r = bench_go_run($bin, ['s1', '-c', (string) $C, '-m', (string) $M, '-cap', (string) $capacity, '-order', $order, '-value', $value])[0];
    bench_check($r['ops'] === $C * $M, "Go s1: {$r['ops']} messages, expected " . ($C * $M));
    return ['ns' => $r['ns'], 'cpu_ns' => $r['cpu_ns'], 'msgs' => $r['ops']];
}

/**
 * One Go S3 run of $n round trips.
 *
 * @return array{ns: int, cpu_ns: int, trips: int}
 */
function bench_go_s3_once(string $bin, int $n): array
{
    $r = bench_go_run($bin, ['s3', '-n', (string) $n])[0];
    return ['ns' => $r['ns'], 'cpu_ns' => $r['cpu_ns'], 'trips' => $r['ops']];
}

/** Median msgs/s of a list of bench_go_s1_once() results. */
function bench_go_rate(array $results): float
{
    return bench_median(array_map(static fn (array $r): float => $r['msgs'] * 1e9 / $r['ns'], $results));
}

/** Median CPU ns per message of a list of bench_go_s1_once() results. */
function bench_go_cpu_ns(array $results): float
{
    return bench_median(array_map(static fn (array $r): float => $r['cpu_ns'] / $r['msgs'], $results));
}
