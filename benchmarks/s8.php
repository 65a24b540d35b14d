<?php
/**
 * S8, TCP echo (../shared/BENCHMARKS.md): one server process and C = 1,
 * 100, 1,000, 10,000 client connections, each sending a 64-byte message and
 * waiting for its whole echo before sending the next; messages/s and latency
 * percentiles of the chan server (benchmarks/s8/echo_server.php) beside a Go
 * server with GOMAXPROCS=1 (benchmarks/s8/echo_server.go), both driven by
 * the same Go load generator (benchmarks/s8/loadgen.go, GOMAXPROCS=1) in the
 * same run; plus TLS at C = 100. Prints markdown tables and writes them to
 * benchmarks/results/s8.md.
 *
 * With chan-hooked among --servers it also measures the same echo server
 * written on PHP's own blocking stream_socket_accept()/fread()/fwrite()
 * (echo_server.php --read=hooked: chan's stream hooks park the coroutine)
 * against the Chan\fread/Chan\fwrite server, alternating in the same run,
 * and adds a table of the ratio hooked / helpers (issue 25's target: within
 * 5%). The command for that comparison alone (benchmarks/results/s8-hooked.md):
 *
 *   php benchmarks/s8.php --servers=chan,chan-hooked --conns=100 --tls-conns= --runs=5
 *       --out=benchmarks/results/s8-hooked.md
 *
 *   php benchmarks/s8.php [--so=PATH] [--runs=3] [--conns=1,100,1000,10000] [--tls-conns=100]
 *       [--servers=chan,go,chan-wait] [--duration=5] [--warmup=1] [--pin=1] [--memory-limit=-1]
 *       [--out=benchmarks/results/s8.md]
 *
 *   --so=PATH          chan.so to load (default: what `scripts/build.sh release`
 *                      prints); it is copied to a temporary directory first, so
 *                      a rebuild during the run changes nothing
 *   --runs=N           runs per (C, server); tables show medians (default 3)
 *   --conns=LIST       values of C for the plain TCP rows
 *   --tls-conns=LIST   values of C for the TLS rows ("" for none)
 *   --servers=LIST     chan (Chan\fread/Chan\fwrite, what S8 measures), go,
 *                      chan-wait (a diagnostic: waitReadable() + PHP's fread),
 *                      chan-hooked (PHP's own blocking fread/fwrite, hooked)
 *   --duration=S       seconds counted per run, after all connections are up
 *                      and --warmup seconds have passed
 *   --pin=1|0          server on CPU 1, load generator on CPU 0 (taskset), the
 *                      same for every server
 *   --memory-limit=M   memory_limit of the PHP server (default -1: see the
 *                      report, Chan\fread holds its whole buffer while parked)
 *   --out=FILE         markdown output ("-": stdout only)
 *
 * Needs go (Debian: golang-go), taskset (util-linux) with --pin=1. Within a
 * run the servers take turns, the order alternating from run to run. The Go
 * programs are built into a temporary directory with the standard library
 * only. Every server started is stopped (stdin closed, then SIGTERM, SIGKILL)
 * also when the run fails or is interrupted. Loopback only.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s8/cert.php';

const S8_SERVERS = ['chan', 'go', 'chan-wait', 'chan-hooked'];

/** @return array<string, mixed> */
function s8_options(array $argv): array
{
    $opt = ['so' => null, 'runs' => 3, 'conns' => [1, 100, 1000, 10000], 'tls-conns' => [100], 'servers' => ['chan', 'go', 'chan-wait'],
        'duration' => 5.0, 'warmup' => 1.0, 'pin' => true, 'memory-limit' => '-1', 'out' => dirname(__DIR__) . '/benchmarks/results/s8.md'];
    $list = static fn (string $v): array => $v === '' ? [] : array_map('intval', explode(',', $v));
    foreach (array_slice($argv, 1) as $arg) {
        if (!preg_match('/^--([a-z-]+)=(.*)$/', $arg, $m)) {
            if ($arg === '--help' || $arg === '-h') {
                preg_match('~/\*\*(.*?)\*/~s', (string) file_get_contents(__FILE__), $d);
                echo trim((string) preg_replace('~^\s*\* ?~m', '', $d[1])), "\n";
                exit(0);
            }
            fwrite(STDERR, "s8.php: unknown argument {$arg}\n");
            exit(2);
        }
        [, $k, $v] = $m;
        switch ($k) {
            case 'so': $opt['so'] = $v; break;
            case 'runs': $opt['runs'] = max(1, (int) $v); break;
            case 'conns': $opt['conns'] = $list($v); break;
            case 'tls-conns': $opt['tls-conns'] = $list($v); break;
            case 'servers':
                $opt['servers'] = explode(',', $v);
                if (array_diff($opt['servers'], S8_SERVERS) !== []) {
                    fwrite(STDERR, 's8.php: --servers takes ' . implode(',', S8_SERVERS) . "\n");
                    exit(2);
                }
                break;
            case 'duration': $opt['duration'] = (float) $v; break;
            case 'warmup': $opt['warmup'] = (float) $v; break;
            case 'pin': $opt['pin'] = $v === '1'; break;
            case 'memory-limit': $opt['memory-limit'] = $v; break;
            case 'out': $opt['out'] = $v; break;
            default:
                fwrite(STDERR, "s8.php: unknown option --{$k}\n");
                exit(2);
        }
    }
    return $opt;
}

function s8_log(string $msg): void
{
    fwrite(STDERR, '[' . gmdate('H:i:s') . "] {$msg}\n");
}

function s8_sh(string $cmd): string
{
    $out = [];
    exec($cmd . ' 2>&1', $out, $rc);
    bench_check($rc === 0, "command failed ({$rc}): {$cmd}\n" . implode("\n", $out));
    return implode("\n", $out);
}

/** Servers started and not yet stopped: pid => proc handle, killed on any exit. */
final class S8Procs
{
    /** @var array<int, array{proc: resource, pipes: array<int, resource>}> */
    public static array $live = [];

    public static function killAll(): void
    {
        foreach (self::$live as $pid => $p) {
            // Closing stdin asks a server to stop; then SIGTERM, then SIGKILL.
            foreach ($p['pipes'] as $pipe) {
                if (is_resource($pipe)) {
                    @fclose($pipe);
                }
            }
            foreach ([0, 15, 9] as $sig) {
                if ($sig !== 0) {
                    @proc_terminate($p['proc'], $sig);
                }
                for ($i = 0; $i < 50 && (proc_get_status($p['proc'])['running'] ?? false); $i++) {
                    usleep(50000);
                }
                if (!(proc_get_status($p['proc'])['running'] ?? false)) {
                    break;
                }
            }
            @proc_close($p['proc']);
            unset(self::$live[$pid]);
        }
    }
}

/**
 * Starts a command (under sh: raised file limit, exec so the pid is the
 * command's) with stdin and stdout as pipes.
 *
 * @return array{proc: resource, pipes: array<int, resource>, pid: int}
 */
function s8_spawn(string $cmd, string $errFile): array
{
    $proc = proc_open(['/bin/sh', '-c', 'ulimit -n 20000 && exec ' . $cmd], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $errFile, 'w']], $pipes);
    bench_check(is_resource($proc), "cannot start: {$cmd}");
    $pid = proc_get_status($proc)['pid'];
    S8Procs::$live[$pid] = ['proc' => $proc, 'pipes' => $pipes];
    return ['proc' => $proc, 'pipes' => $pipes, 'pid' => $pid];
}

/** One line from $stream within $timeout seconds, or null. */
function s8_read_line($stream, float $timeout): ?string
{
    $deadline = microtime(true) + $timeout;
    $buf = '';
    stream_set_blocking($stream, false);
    while (($nl = strpos($buf, "\n")) === false) {
        $left = $deadline - microtime(true);
        if ($left <= 0) {
            return null;
        }
        $r = [$stream];
        $w = $e = null;
        if (@stream_select($r, $w, $e, (int) $left, (int) (fmod($left, 1.0) * 1e6)) > 0) {
            $chunk = fread($stream, 8192);
            if ($chunk === '' || $chunk === false) {
                if (feof($stream)) {
                    return $buf === '' ? null : $buf;
                }
                continue;
            }
            $buf .= $chunk;
        }
    }
    return substr($buf, 0, $nl);
}

/**
 * One measurement: start the server, run the load generator against it,
 * stop the server.
 *
 * @return array{lg: array<string, mixed>, srv: array<string, mixed>}
 */
function s8_measure(array $env, string $server, int $c, bool $tls, array $opt): array
{
    $pinS = $opt['pin'] ? 'taskset -c 1 ' : '';
    $pinL = $opt['pin'] ? 'taskset -c 0 ' : '';
    $cert = $tls ? $env['cert'] : null;
    $cmd = match ($server) {
        'chan', 'chan-wait', 'chan-hooked' => $pinS . escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($env['so'])
            . ' -d memory_limit=' . escapeshellarg($opt['memory-limit']) . ' ' . escapeshellarg(__DIR__ . '/s8/echo_server.php')
            . ['chan' => '', 'chan-wait' => ' --read=wait', 'chan-hooked' => ' --read=hooked'][$server]
            . ($cert !== null ? ' --cert=' . escapeshellarg($cert) : ''),
        'go' => 'env GOMAXPROCS=1 ' . $pinS . escapeshellarg($env['dir'] . '/echo_server') . ($cert !== null ? ' -cert ' . escapeshellarg($cert) : ''),
    };
    $errFile = $env['dir'] . "/server-{$server}.err";
    $srv = s8_spawn($cmd, $errFile);
    $lgOut = null;
    $srvOut = null;
    try {
        $line = s8_read_line($srv['pipes'][1], 20.0);
        bench_check($line !== null && preg_match('/^port ([0-9]+)$/', $line, $m) === 1,
            "{$server} server did not say its port: " . var_export($line, true) . ' ' . @file_get_contents($errFile));
        $port = (int) $m[1];
        $lgCmd = 'env GOMAXPROCS=1 ' . $pinL . escapeshellarg($env['dir'] . '/loadgen') . " -addr 127.0.0.1:{$port} -c {$c}"
            . sprintf(' -duration %.3fs -warmup %.3fs', $opt['duration'], $opt['warmup']) . " -server-pid {$srv['pid']}" . ($tls ? ' -tls' : '');
        $lgErr = $env['dir'] . '/loadgen.err';
        $lg = s8_spawn($lgCmd, $lgErr);
        fclose($lg['pipes'][0]);
        $lgLine = s8_read_line($lg['pipes'][1], 60.0 + $opt['duration'] + $opt['warmup'] + $c / 100);
        $rc = proc_close($lg['proc']);
        unset(S8Procs::$live[$lg['pid']]);
        bench_check($rc === 0 && $lgLine !== null, "loadgen failed ({$rc}): " . @file_get_contents($lgErr));
        $lgOut = json_decode($lgLine, true, 512, JSON_THROW_ON_ERROR);
        // Stop: end of file on the server's stdin; it answers with its counters.
        fclose($srv['pipes'][0]);
        $srvLine = s8_read_line($srv['pipes'][1], 20.0);
        bench_check($srvLine !== null, "{$server} server gave no counters: " . @file_get_contents($errFile));
        $srvOut = json_decode($srvLine, true, 512, JSON_THROW_ON_ERROR);
        $err = trim((string) @file_get_contents($errFile));
        bench_check($err === '', "{$server} server wrote to stderr: {$err}");
    } finally {
        S8Procs::killAll();
    }
    return ['lg' => $lgOut, 'srv' => $srvOut];
}

/**
 * Errors of one measurement: the load generator's (connect, read, write,
 * short or wrong echo, extra bytes, close) plus the server's (accept, read,
 * write, TLS) plus bytes the server echoed that no client received whole.
 *
 * @return array{n: int, what: list<string>}
 */
function s8_errors(array $r, int $size = 64): array
{
    $what = [];
    foreach ($r['lg']['errors_by_kind'] as $k => $n) {
        $what[] = "client {$k}: {$n}";
    }
    $n = (int) $r['lg']['errors'];
    foreach (['accept_errors', 'read_errors', 'write_errors', 'tls_failures'] as $k) {
        if (($r['srv'][$k] ?? 0) > 0) {
            $n += $r['srv'][$k];
            $what[] = "server {$k}: {$r['srv'][$k]}";
        }
    }
    if ($r['srv']['accepted'] !== $r['lg']['connected'] || $r['srv']['open_at_stop'] !== 0) {
        $n++;
        $what[] = "server accepted {$r['srv']['accepted']}, client connected {$r['lg']['connected']}, open at stop {$r['srv']['open_at_stop']}";
    }
    $expect = $r['lg']['messages_total'] * $size;
    if ($r['lg']['errors'] === 0 && $r['srv']['bytes_echoed'] !== $expect) {
        $n++;
        $what[] = "server echoed {$r['srv']['bytes_echoed']} bytes, clients got {$expect}";
    }
    foreach (array_merge($r['lg']['error_samples'], $r['srv']['messages']) as $m) {
        $what[] = $m;
    }
    return ['n' => $n, 'what' => $what];
}

function s8_ms(float $us): string
{
    return $us >= 100000 ? bench_num($us / 1000, 0) : ($us >= 1000 ? bench_num($us / 1000, 1) : bench_num($us / 1000, 2));
}

// --- main -------------------------------------------------------------------

$opt = s8_options($argv);
$root = dirname(__DIR__);
if (function_exists('pcntl_async_signals')) {
    pcntl_async_signals(true);
    foreach ([SIGINT, SIGTERM, SIGHUP] as $sig) {
        pcntl_signal($sig, static function () {
            S8Procs::killAll();
            fwrite(STDERR, "\ns8.php: interrupted, servers stopped\n");
            exit(130);
        });
    }
}
register_shutdown_function([S8Procs::class, 'killAll']);

$dir = rtrim(sys_get_temp_dir(), '/') . '/chan-s8-' . getmypid();
@mkdir($dir, 0700, true);
register_shutdown_function(static function () use ($dir): void {
    foreach (glob($dir . '/{,.}*', GLOB_BRACE) ?: [] as $f) {
        if (is_file($f)) {
            @unlink($f);
        }
    }
    @exec('rm -rf ' . escapeshellarg($dir));
});

$soSrc = $opt['so'] ?? trim(s8_sh('cd ' . escapeshellarg($root) . ' && scripts/build.sh release'));
bench_check(is_file($soSrc), "no chan.so at {$soSrc}");
$so = $dir . '/chan.so';
copy($soSrc, $so);
$goVersion = s8_sh('go version');
s8_log("building the Go programs ({$goVersion})");
$goEnv = 'cd ' . escapeshellarg(__DIR__ . '/s8') . ' && env GOCACHE=' . escapeshellarg($dir . '/gocache') . ' GOPATH=' . escapeshellarg($dir . '/gopath')
    . ' GOPROXY=off GOFLAGS= CGO_ENABLED=0 go build -trimpath ';
s8_sh($goEnv . '-o ' . escapeshellarg($dir . '/loadgen') . ' loadgen.go');
s8_sh($goEnv . '-o ' . escapeshellarg($dir . '/echo_server') . ' echo_server.go');
$env = ['dir' => $dir, 'so' => $so, 'cert' => s8_make_cert($dir . '/cert.pem')];
if ($opt['pin']) {
    s8_sh('taskset -c 0 true && taskset -c 1 true');
}
$phpVer = trim(s8_sh(escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($so) . " -r 'echo PHP_VERSION, \" chan \", phpversion(\"chan\");'"));

$loadStart = bench_loadavg();
$started = gmdate('Y-m-d H:i') . ' UTC';
$configs = [];
foreach ($opt['conns'] as $c) {
    $configs[] = [$c, false];
}
foreach ($opt['tls-conns'] as $c) {
    $configs[] = [$c, true];
}
$results = []; // "c/tls" => server => list of runs
$raw = [];
foreach ($configs as [$c, $tls]) {
    $key = $c . ($tls ? ' TLS' : '');
    for ($run = 0; $run < $opt['runs']; $run++) {
        $order = $run % 2 === 0 ? $opt['servers'] : array_reverse($opt['servers']);
        foreach ($order as $server) {
            s8_log("C={$key} run " . ($run + 1) . "/{$opt['runs']}: {$server}");
            $r = s8_measure($env, $server, $c, $tls, $opt);
            $e = s8_errors($r);
            $lg = $r['lg'];
            $cpu = $lg['server_cpu_s'];
            $m = [
                'msgs' => $lg['msgs_per_s'],
                'p50' => $lg['p50_us'],
                'p99' => $lg['p99_us'],
                'cpu_us' => $lg['messages'] > 0 && $cpu >= 0 ? $cpu / $lg['messages'] * 1e6 : NAN,
                'cpu_share' => $cpu >= 0 ? $cpu / $lg['window_seconds'] : NAN,
                'client_cpu_share' => $lg['client_cpu_s'] / $lg['window_seconds'],
                'errors' => $e['n'],
                'what' => $e['what'],
                'rss_mb' => ($r['srv']['peak_rss_kb'] ?? 0) / 1024,
                'zend_mb' => isset($r['srv']['peak_memory_usage']) ? $r['srv']['peak_memory_usage'] / 1048576 : null,
                'load' => bench_loadavg(),
            ];
            $results[$key][$server][] = $m;
            $raw[] = [$key, (string) ($run + 1), $server, bench_int($m['msgs']), s8_ms($m['p50']), s8_ms($m['p99']),
                bench_num($m['cpu_us'], 1), sprintf('%.0f%%', 100 * $m['cpu_share']), sprintf('%.0f%%', 100 * $m['client_cpu_share']),
                bench_num($m['rss_mb'], 0), $m['zend_mb'] === null ? '-' : bench_num($m['zend_mb'], 0), (string) $m['errors'], $m['load']];
            s8_log(sprintf('  %s msgs/s, p99 %s ms, server %.1f us CPU/msg (%.0f%% CPU), errors %d%s', bench_int($m['msgs']), s8_ms($m['p99']),
                $m['cpu_us'], 100 * $m['cpu_share'], $m['errors'], $e['what'] ? ' (' . implode('; ', array_slice($e['what'], 0, 4)) . ')' : ''));
        }
    }
}
$loadEnd = bench_loadavg();

// --- tables -----------------------------------------------------------------

$med = static fn (array $runs, string $f): float => bench_median(array_column($runs, $f));
$sumErr = static fn (array $runs): int => array_sum(array_column($runs, 'errors'));
$rows = [];
$hasChan = in_array('chan', $opt['servers'], true);
$hasGo = in_array('go', $opt['servers'], true);
$hasWait = in_array('chan-wait', $opt['servers'], true);
$hasHooked = in_array('chan-hooked', $opt['servers'], true);
foreach ($results as $key => $by) {
    $row = [(string) $key];
    $ch = $by['chan'] ?? null;
    $go = $by['go'] ?? null;
    $row[] = $ch ? bench_int($med($ch, 'msgs')) : '-';
    $row[] = $go ? bench_int($med($go, 'msgs')) : '-';
    $row[] = $ch && $go ? bench_num($med($ch, 'msgs') / $med($go, 'msgs'), 2) : '-';
    $row[] = $ch ? s8_ms($med($ch, 'p99')) : '-';
    $row[] = $go ? s8_ms($med($go, 'p99')) : '-';
    $row[] = $ch ? bench_num($med($ch, 'cpu_us'), 1) : '-';
    $row[] = $go ? bench_num($med($go, 'cpu_us'), 1) : '-';
    $row[] = $ch && $go ? bench_num($med($go, 'cpu_us') / $med($ch, 'cpu_us'), 2) : '-';
    $row[] = ($ch ? (string) $sumErr($ch) : '-') . ' / ' . ($go ? (string) $sumErr($go) : '-');
    $row[] = $ch && $go ? bench_spread(array_map(static fn ($a, $b) => $a['msgs'] / $b['msgs'], $ch, $go)) : '-';
    $rows[] = $row;
}
$main = bench_table(['C', 'chan msgs/s', 'Go msgs/s', 'chan/Go', 'chan p99 ms', 'Go p99 ms', 'chan server CPU us/msg',
    'Go server CPU us/msg', 'CPU ratio Go/chan', 'errors chan / Go', 'spread of chan/Go'], $rows);

$diag = '';
if ($hasWait) {
    $drows = [];
    foreach ($results as $key => $by) {
        $w = $by['chan-wait'] ?? null;
        $ch = $by['chan'] ?? null;
        $go = $by['go'] ?? null;
        $drows[] = [(string) $key, bench_int($med($w, 'msgs')), $go ? bench_num($med($w, 'msgs') / $med($go, 'msgs'), 2) : '-',
            s8_ms($med($w, 'p99')), bench_num($med($w, 'cpu_us'), 1), $go ? bench_num($med($go, 'cpu_us') / $med($w, 'cpu_us'), 2) : '-',
            $ch ? bench_num($med($ch, 'zend_mb'), 0) : '-', bench_num($med($w, 'zend_mb'), 0), (string) $sumErr($w)];
    }
    $diag = bench_table(['C', 'chan-wait msgs/s', 'chan-wait/Go', 'p99 ms', 'server CPU us/msg', 'CPU ratio Go/chan-wait',
        'chan: peak Zend heap MB', 'chan-wait: peak Zend heap MB', 'errors'], $drows);
}
$hooked = '';
$hookedVerdicts = [];
if ($hasHooked) {
    $hrows = [];
    foreach ($results as $key => $by) {
        $h = $by['chan-hooked'];
        $ch = $by['chan'] ?? null;
        $ratio = $ch ? $med($h, 'msgs') / $med($ch, 'msgs') : null;
        $hrows[] = [(string) $key, $ch ? bench_int($med($ch, 'msgs')) : '-', bench_int($med($h, 'msgs')),
            $ratio !== null ? bench_num($ratio, 3) : '-', $ch ? s8_ms($med($ch, 'p99')) : '-', s8_ms($med($h, 'p99')),
            $ch ? bench_num($med($ch, 'cpu_us'), 1) : '-', bench_num($med($h, 'cpu_us'), 1),
            ($ch ? bench_num($med($ch, 'zend_mb'), 0) : '-') . ' / ' . bench_num($med($h, 'zend_mb'), 0),
            ($ch ? (string) $sumErr($ch) : '-') . ' / ' . $sumErr($h),
            $ch ? bench_spread(array_map(static fn ($a, $b) => $a['msgs'] / $b['msgs'], $h, $ch)) : '-'];
        if ($ratio !== null) {
            $hookedVerdicts[] = sprintf('C=%s: hooked / Chan\\fread = %.3f, %s', $key, $ratio,
                $ratio >= 0.95 && $sumErr($h) === 0 ? '**within 5%**' : '**not within 5%**' . ($sumErr($h) > 0 ? ' (errors)' : ''));
        }
    }
    $hooked = bench_table(['C', 'Chan\\fread msgs/s', 'hooked fread msgs/s', 'hooked / Chan\\fread', 'Chan\\fread p99 ms',
        'hooked p99 ms', 'Chan\\fread server CPU us/msg', 'hooked server CPU us/msg', 'peak Zend heap MB Chan\\fread / hooked', 'errors Chan\\fread / hooked',
        'spread of hooked / Chan\\fread'], $hrows);
}
$rawTable = bench_table(['C', 'run', 'server', 'msgs/s', 'p50 ms', 'p99 ms', 'server CPU us/msg', 'server CPU / wall', 'client CPU / wall',
    'server peak RSS MB', 'peak Zend heap MB', 'errors', 'load avg after'], $raw);
$errLines = [];
foreach ($results as $key => $by) {
    foreach ($by as $server => $runs) {
        foreach ($runs as $i => $m) {
            if ($m['errors'] > 0) {
                $errLines[] = "- C={$key} {$server} run " . ($i + 1) . ': ' . implode('; ', $m['what']);
            }
        }
    }
}

$quote = static fn (string $a): string => preg_match('~^[A-Za-z0-9_./=,:+-]+$~', $a) ? $a : escapeshellarg($a);
$cmdLine = 'php ' . implode(' ', array_map(static fn (string $a): string => $quote(bench_path_arg($a)), $argv));
$md = "# S8: TCP echo\n\n"
    . "Command: `{$cmdLine}`, started {$started}, load average {$loadStart} at the start and {$loadEnd} at the end.\n"
    . "PHP {$phpVer} (`php -n`, opcache off, memory_limit={$opt['memory-limit']}), chan.so sha1 " . substr((string) sha1_file($so), 0, 12)
    . " (copied from " . bench_path($soSrc) . "), {$goVersion}.\n"
    . ($opt['pin'] ? 'Server pinned to CPU 1, load generator to CPU 0 (taskset); ' : 'No CPU pinning; ')
    . 'Go server and load generator with GOMAXPROCS=1. '
    . sprintf('%d run(s) per row, each %.0f s counted after all connections are up and %.0f s of warm-up; medians. ', $opt['runs'], $opt['duration'], $opt['warmup'])
    . "64-byte messages, each echo checked byte for byte.\n\n"
    . ($hasGo || !$hasHooked ? $main . "\n"
    . "chan/Go = median msgs/s of chan / of Go. Server CPU us/msg = the server's user + system CPU time over the counted window"
    . " (/proc/PID/stat) / messages counted. CPU ratio Go/chan > 1: chan spends less CPU per message than Go. p99 is the latency"
    . " from write to the whole echo, seen by the load generator. Errors: summed over the runs (client: connect, read, write,"
    . " short or wrong echo, bytes after the last echo; server: accept, read, write, TLS; bytes echoed that no client received).\n\n" : '')
    . ($hooked !== '' ? "Hooked against helpers, same run: chan-hooked is echo_server.php --read=hooked, the same server written on PHP's"
        . " own blocking `stream_socket_accept(\$server, -1)`, `fread(\$c, 65536)` and `fwrite(\$c, \$data)` in the coroutines (chan's"
        . " stream hooks park the caller while the socket is not ready), against echo_server.php on `Chan\\fread`/`Chan\\fwrite` (what"
        . " S8 measures); the two alternate within each run. hooked / Chan\\fread = median msgs/s of one / of the other; spread = (max"
        . " - min) / median of the per-run ratios. Server CPU us/msg = the server's user + system CPU over the"
        . " counted window / messages counted; p99 from the write to the whole echo, seen by the load generator; the peak Zend"
        . " heap is memory_get_peak_usage(true) of the server; errors summed over the runs. Target (issue 25):"
        . " the hooked server within 5% of Chan\\fread.\n\n" . $hooked . "\n"
        . ($hookedVerdicts ? '- ' . implode("\n- ", $hookedVerdicts) . "\n\n" : '') : '')
    . ($diag !== '' ? "Diagnostic, same run: chan-wait is echo_server.php --read=wait, which reads with `Coroutine::waitReadable(\$c)` + PHP's own `fread(\$c, 65536)` instead of `Chan\\fread(\$c, 65536)` (writes still `Chan\\fwrite`).\n\n" . $diag . "\n" : '')
    . "Every run:\n\n" . $rawTable . "\n"
    . ($errLines ? "Errors:\n\n" . implode("\n", $errLines) . "\n" : "No errors in any run.\n");
echo "\n", $md;
if ($opt['out'] !== '-') {
    @mkdir(dirname($opt['out']), 0777, true);
    file_put_contents($opt['out'], $md);
    s8_log("wrote {$opt['out']}");
}
