<?php
/**
 * S6, HTTP server (../shared/BENCHMARKS.md): examples/http_server.php in
 * its own process on 127.0.0.1, every request waiting 1 s in
 * Chan\Coroutine::sleep() before it is answered, measured with
 *
 *   ab -c 100 -n 1000 and ab -c 1000 -n 2000 (no keep-alive), medians of
 *     --runs runs: requests/s against ab's ceiling, failed requests. ab sends
 *     its first request alone and opens the others once it is answered, so
 *     with a 1 s handler it needs at least 1 + ceil((n - 1) / c) seconds:
 *     90.9 req/s at -c 100 -n 1000, 666.7 req/s at -c 1000 -n 2000;
 *   wrk with 10,000 open keep-alive connections (-t2, --timeout 10s, since
 *     the handler takes 1 s): requests/s against 10,000 (one request per
 *     connection per second), socket errors, latency percentiles;
 *   10,000 idle keep-alive connections held for 10 s: the server's CPU time
 *     (an idle connection should cost none);
 *   and for contrast the same handler under PHP's built-in server (php -S,
 *     one worker, sleep(1): one request at a time), with a short ab run.
 *
 * Where `go` is installed, a Go net/http server with GOMAXPROCS=1 and the
 * same 1 s handler runs the same ab and wrk loads, alternating with the chan
 * server: it shows what ab and wrk reach on this machine with a server whose
 * overhead is not PHP's (the clients share the machine's CPUs).
 *
 * Every server runs in its own process with its file limit raised (`ulimit
 * -n`), and is stopped at the end, on failure and on Ctrl-C; the clients
 * also run under the raised limit. Nothing leaves 127.0.0.1.
 *
 *   php benchmarks/s6.php [--so=PATH] [--runs=3] [--wrk-connections=10000]
 *       [--wrk-seconds=20] [--nofile=20000] [--no-go] [--quick]
 *       [--out=benchmarks/results/s6.md]
 *
 *   --so       chan.so for the server (default .build-release/modules/chan.so,
 *              from scripts/build.sh release)
 *   --quick    1 run, wrk for 5 s, 2,000 connections; no php -S run
 *   --out=-    stdout only
 *
 * Needs ab (Debian: apache2-utils) and wrk (Debian: wrk). Takes about
 * 3 minutes with the defaults (each ab -c 100 -n 1000 run is 11 s).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s6lib.php';

const S6_DELAY = 1.0;
const S6_IDLE_SECONDS = 10;

/** Runs a client command under the raised file limit; its output. */
function s6_client(string $cmd, int $nofile): string
{
    [$rc, $text] = s6_sh("exec $cmd", $nofile);
    bench_check($rc === 0 || str_contains($text, 'Requests per second') || str_contains($text, 'Requests/sec'),
        "`$cmd` failed (exit $rc): " . substr($text, -2000));
    return $text;
}

/** The kernel's count of connections dropped because a listen queue was full (system-wide), or null. */
function s6_listen_overflows(): ?int
{
    $lines = @file('/proc/net/netstat', FILE_IGNORE_NEW_LINES);
    for ($i = 0; $lines && $i + 1 < count($lines); $i += 2) {
        $names = preg_split('/\s+/', $lines[$i]);
        if ($names[0] === 'TcpExt:') {
            $values = array_combine($names, preg_split('/\s+/', $lines[$i + 1]));
            return isset($values['ListenOverflows']) ? (int) $values['ListenOverflows'] : null;
        }
    }
    return null;
}

/** One wrk run: requests/s, socket errors, latency percentiles (ms), server CPU and peak RSS. */
function s6_wrk(S6Proc $server, int $connections, int $seconds, int $nofile): array
{
    $cmd = "wrk -t2 -c$connections -d{$seconds}s --timeout 10s --latency http://{$server->addr}/";
    $cpu0 = $server->cpuSeconds();
    $overflows0 = s6_listen_overflows();
    $t0 = microtime(true);
    $out = s6_client($cmd, $nofile);
    $wall = microtime(true) - $t0;
    $cpu = $server->cpuSeconds() - $cpu0;
    $overflows = $overflows0 === null ? null : s6_listen_overflows() - $overflows0;
    $ms = static function (string $v, string $unit): float {
        return (float) $v * ['us' => 0.001, 'ms' => 1.0, 's' => 1000.0, 'm' => 60000.0][$unit];
    };
    $lat = [];
    foreach ([50, 75, 90, 99] as $p) {
        $lat[$p] = preg_match("/^\s+$p%\s+([0-9.]+)(us|ms|s|m)\s*$/m", $out, $m) ? $ms($m[1], $m[2]) : null;
    }
    $errors = preg_match('/Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)/', $out, $m)
        ? array_map('intval', array_slice($m, 1)) : [0, 0, 0, 0];
    return [
        'rps' => preg_match('/^Requests\/sec:\s+([0-9.]+)/m', $out, $m) ? (float) $m[1] : 0.0,
        'requests' => preg_match('/([0-9]+) requests in/', $out, $m) ? (int) $m[1] : 0,
        'errors' => $errors,
        'non2xx' => preg_match('/Non-2xx or 3xx responses: ([0-9]+)/', $out, $m) ? (int) $m[1] : 0,
        'lat' => $lat,
        'cpu' => $cpu,
        'wall' => $wall,
        'rss' => $server->peakRss(),
        'overflows' => $overflows,
        'cmd' => $cmd,
    ];
}

/**
 * The idle client (this file run with --idle-client=ADDR): opens $n
 * keep-alive connections, makes one request on each, prints "idle" once all
 * are answered, holds them open without a byte for $seconds, prints "held",
 * then checks that every one still answers a second request and prints
 * "ok N".
 */
function s6_idle_client(string $addr, int $n, int $seconds): never
{
    $request = "GET /idle HTTP/1.1\r\nHost: s6\r\n\r\n";
    $conns = [];
    for ($i = 0; $i < $n; $i++) {
        $c = stream_socket_client("tcp://$addr", $errno, $errstr, 10);
        bench_check($c !== false, "idle client: connection $i: $errstr");
        fwrite($c, $request);
        $conns[] = $c;
    }
    $read = static function ($c): bool {
        $status = fgets($c);
        $length = 0;
        while (($line = fgets($c)) !== false && $line !== "\r\n") {
            if (preg_match('/^content-length:\s*([0-9]+)/i', $line, $m)) {
                $length = (int) $m[1];
            }
        }
        for ($body = ''; strlen($body) < $length && !feof($c);) {
            $body .= fread($c, $length - strlen($body));
        }
        return is_string($status) && str_starts_with($status, 'HTTP/1.1 200') && strlen($body) === $length;
    };
    foreach ($conns as $i => $c) {
        bench_check($read($c), "idle client: no answer on connection $i");
    }
    echo "idle\n";
    sleep($seconds);
    echo "held\n";
    $ok = 0;
    foreach ($conns as $c) {
        fwrite($c, $request);
    }
    foreach ($conns as $c) {
        $ok += (int) $read($c);
    }
    echo "ok $ok\n";
    exit(0);
}

/** Holds $n idle keep-alive connections on $server for S6_IDLE_SECONDS: the server's CPU meanwhile. */
function s6_idle(S6Proc $server, int $n, int $nofile): array
{
    $cmd = 'php -n ' . escapeshellarg(__FILE__) . " --idle-client={$server->addr} --connections=$n --seconds=" . S6_IDLE_SECONDS;
    $proc = proc_open(['sh', '-c', "ulimit -n $nofile && exec $cmd"], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    bench_check(is_resource($proc), 'cannot start the idle client');
    stream_set_timeout($pipes[1], 120);
    $line = trim((string) fgets($pipes[1]));
    if ($line !== 'idle') {
        bench_fail("idle client: expected 'idle', got '$line' " . stream_get_contents($pipes[2]));
    }
    $cpu0 = $server->cpuSeconds();
    $t0 = microtime(true);
    $line = trim((string) fgets($pipes[1]));
    $wall = microtime(true) - $t0;
    $cpu = $server->cpuSeconds() - $cpu0;
    bench_check($line === 'held', "idle client: expected 'held', got '$line'");
    $line = trim((string) fgets($pipes[1]));
    $err = stream_get_contents($pipes[2]);
    proc_close($proc);
    bench_check(preg_match('/^ok ([0-9]+)$/', $line, $m) === 1, "idle client: $line $err");
    return ['ok' => (int) $m[1], 'cpu' => $cpu, 'wall' => $wall, 'rss' => $server->peakRss(), 'cmd' => $cmd];
}

/** A free port on 127.0.0.1 (for php -S, which cannot be given port 0). */
function s6_free_port(): int
{
    $s = stream_socket_server('tcp://127.0.0.1:0');
    bench_check($s !== false, 'no free port');
    $port = (int) substr(strrchr(stream_socket_get_name($s, false), ':'), 1);
    fclose($s);
    return $port;
}

// --- main -------------------------------------------------------------------

$opt = getopt('', ['so:', 'runs:', 'wrk-connections:', 'wrk-seconds:', 'nofile:', 'no-go', 'quick', 'out:',
    'idle-client:', 'connections:', 'seconds:']);
if (isset($opt['idle-client'])) {
    s6_idle_client($opt['idle-client'], (int) $opt['connections'], (int) $opt['seconds']);
}
$quick = isset($opt['quick']);
$root = dirname(__DIR__);
$so = $opt['so'] ?? "$root/.build-release/modules/chan.so";
$runs = (int) ($opt['runs'] ?? ($quick ? 1 : 3));
$wrkConnections = (int) ($opt['wrk-connections'] ?? ($quick ? 2000 : 10000));
$wrkSeconds = (int) ($opt['wrk-seconds'] ?? ($quick ? 5 : 20));
$nofile = (int) ($opt['nofile'] ?? 20000);
$out = $opt['out'] ?? "$root/benchmarks/results/s6.md";

bench_check(is_file($so), "no chan.so at $so (build it: scripts/build.sh release, or pass --so=PATH)");
foreach (['ab' => 'apache2-utils', 'wrk' => 'wrk'] as $tool => $package) {
    bench_check(trim((string) shell_exec("command -v $tool 2>/dev/null")) !== '', "$tool is missing (Debian: apt-get install $package)");
}
$hardNofile = (int) trim((string) shell_exec('ulimit -Hn'));
bench_check(shell_exec('ulimit -Hn') === "unlimited\n" || $hardNofile >= $nofile,
    "the hard file limit ($hardNofile) is below --nofile=$nofile: raise it or pass a smaller --nofile");
bench_check($wrkConnections + 100 <= $nofile, "--wrk-connections=$wrkConnections needs --nofile of at least " . ($wrkConnections + 100));

// Stop every server on the way out: normal end, bench_fail()'s exit, Ctrl-C.
register_shutdown_function(static function (): void {
    foreach (S6Proc::$running as $server) {
        $server->stop();
    }
});
s6_exit_on_signals();

$env = s6_environment($so, $root) + [
    'wrk' => trim((string) preg_replace('/ \[.*$/s', '', (string) shell_exec('wrk -v 2>&1 | head -1'))),
];
$goBin = isset($opt['no-go']) ? null : s6_build_go();
$goVersion = $goBin ? trim((string) shell_exec('go version')) : null;

$chanArgv = ['php', '-n', '-d', "extension=$so", "$root/examples/http_server.php", '--port=0', '--delay=' . S6_DELAY];
$goArgv = $goBin ? [$goBin, '-delay=1s'] : null;
$servers = ['chan' => fn () => new S6Proc('chan', $chanArgv, $nofile)];
if ($goArgv) {
    $servers['go'] = fn () => new S6Proc('go', $goArgv, $nofile, ['GOMAXPROCS' => '1']);
}
$label = [
    'chan' => 'chan: examples/http_server.php',
    'go' => 'Go net/http, GOMAXPROCS=1 (reference)',
    'php-S' => 'php -S, benchmarks/s6_router.php',
];
$serverCmd = [
    'chan' => "ulimit -n $nofile; php -n -d extension=" . (str_starts_with($so, "$root/") ? substr($so, strlen($root) + 1) : $so)
        . ' examples/http_server.php --port=0 --delay=1',
    'go' => "ulimit -n $nofile; GOMAXPROCS=1 ./s6-go (its source is in benchmarks/s6.php)",
];

// ab: the two loads, each server in turn, --runs rounds.
$abLoads = [[100, 1000], [1000, 2000]];
fwrite(STDERR, "S6: ab, $runs round(s) of " . implode(', ', array_map(fn ($l) => "-c {$l[0]} -n {$l[1]}", $abLoads))
    . ' on ' . implode(', ', array_keys($servers)) . "\n");
$started = [];
foreach ($servers as $name => $start) {
    $started[$name] = $start();
}
$ab = [];
for ($round = 0; $round < $runs; $round++) {
    foreach ($abLoads as [$c, $n]) {
        foreach ($started as $name => $server) {
            $r = s6_ab($server, '/', $c, $n, $nofile, false);
            $ab[$name][$c][] = $r;
            fwrite(STDERR, sprintf("  %-5s -c %4d -n %4d: %7.2f req/s, %d failed\n", $name, $c, $n, $r['rps'], $r['failed']));
        }
    }
}
$stderrAb = [];
foreach ($started as $name => $server) {
    $stderrAb[$name] = $server->stderr();
    $rc = $server->stop();
    // chan's server stops gracefully on SIGTERM; Go's reference just dies.
    bench_check($name !== 'chan' || $rc === 0, "$name server exited with $rc after ab: {$stderrAb[$name]}");
}

// php -S: one worker, so a short run.
$phpS = null;
if (!$quick) {
    $port = s6_free_port();
    fwrite(STDERR, "S6: php -S on port $port, ab -c 20 -n 20 (about 20 s)\n");
    $server = new S6Proc('php-S', ['php', '-n', '-S', "127.0.0.1:$port", "$root/benchmarks/s6_router.php"], $nofile,
        addr: "127.0.0.1:$port");
    $phpS = s6_ab($server, '/', 20, 20, $nofile, false);
    $server->stop();
}

// wrk, then the idle connections, each on a fresh server.
$wrk = [];
$idle = [];
foreach ($servers as $name => $start) {
    fwrite(STDERR, "S6: wrk, $wrkConnections connections for {$wrkSeconds} s on $name\n");
    $server = $start();
    $wrk[$name] = s6_wrk($server, $wrkConnections, $wrkSeconds, $nofile);
    $wrk[$name]['stderr'] = $server->stderr();
    $server->stop();
    sleep(2); // let the client side's connections close
}
foreach ($servers as $name => $start) {
    fwrite(STDERR, "S6: $wrkConnections idle keep-alive connections for " . S6_IDLE_SECONDS . " s on $name\n");
    $server = $start();
    $idle[$name] = s6_idle($server, $wrkConnections, $nofile);
    $server->stop();
}
$env['load_end'] = bench_loadavg();

// --- the report ----------------------------------------------------------------

$md = "## S6: HTTP server\n\n";
$md .= "{$env['date']}, load average {$env['load_start']} at the start and {$env['load_end']} at the end, "
    . "{$env['cpus']} CPUs shared by the server and the client. PHP {$env['php']}, chan.so {$env['so']}, "
    . "work tree {$env['git']}; {$env['ab']}; {$env['wrk']}" . ($goVersion ? "; $goVersion" : '')
    . "; net.core.somaxconn {$env['somaxconn']}; file limit $nofile for servers and clients. "
    . 'Each request waits ' . S6_DELAY . " s in the handler.\n\n";

$md .= "Servers:\n\n";
foreach ($serverCmd as $name => $cmd) {
    if (isset($servers[$name])) {
        $md .= "- {$label[$name]}: `$cmd`\n";
    }
}
$md .= "- {$label['php-S']}: `php -n -S 127.0.0.1:PORT benchmarks/s6_router.php` (one worker; the router does `sleep(1)`)\n\n";

$rows = [];
foreach ($abLoads as [$c, $n]) {
    foreach ($ab as $name => $byC) {
        $list = $byC[$c];
        $rps = array_column($list, 'rps');
        $median = bench_median($rps);
        // The run whose req/s is the median gives the latencies.
        usort($list, fn ($a, $b) => $a['rps'] <=> $b['rps']);
        $mid = $list[intdiv(count($list), 2)];
        $ceiling = s6_ab_ceiling($c, $n, S6_DELAY);
        $failed = array_sum(array_column($byC[$c], 'failed'));
        $details = array_values(array_unique(array_filter(array_column($byC[$c], 'failed_detail'), fn ($d) => $d !== '' && !preg_match('/^Connect: 0, Receive: 0, Length: 0, Exceptions: 0$/', $d))));
        $rows[] = [
            $label[$name], "`ab -c $c -n $n`", bench_num($median, 1), bench_num($ceiling, 1),
            bench_num($median / $ceiling, 3), $failed . ($details ? ' (' . implode('; ', $details) . ')' : ''),
            s6_ms($mid['p50']) . ' / ' . s6_ms($mid['p99']) . ' / ' . s6_ms($mid['max']),
            $mid['connect'] ? implode(' / ', $mid['connect']) : '-',
            sprintf('%.0f%%', 100 * $mid['cpu'] / $mid['wall']),
            bench_spread($rps) . ' (' . count($rps) . ')',
        ];
    }
}
if ($phpS) {
    $ceiling = s6_ab_ceiling(20, 20, S6_DELAY);
    $rows[] = [
        $label['php-S'], '`ab -c 20 -n 20`', bench_num($phpS['rps'], 1), bench_num($ceiling, 1) . ' (one worker: 1.0)',
        bench_num($phpS['rps'] / $ceiling, 3), $phpS['failed'] . ($phpS['failed'] ? " ({$phpS['failed_detail']})" : ''),
        s6_ms($phpS['p50']) . ' / ' . s6_ms($phpS['p99']) . ' / ' . s6_ms($phpS['max']),
        $phpS['connect'] ? implode(' / ', $phpS['connect']) : '-',
        sprintf('%.0f%%', 100 * $phpS['cpu'] / $phpS['wall']), '- (1)',
    ];
}
$md .= "### ab (no keep-alive)\n\n";
$md .= bench_table(['server', 'load', 'requests/s (median)', 'ab ceiling', 'ratio to ceiling', 'failed requests (all runs)',
    'latency ms: 50% / 99% / max', 'ab connect ms: mean / max', 'server CPU / wall', 'spread (runs)'], $rows);
$md .= "\nCommand: `ab -q -c C -n N http://127.0.0.1:PORT/`, the servers in turn, "
    . "$runs round(s); the latencies and CPU are those of the median run. "
    . "ab ceiling = N / (1 + ceil((N - 1) / C)) req/s for a 1 s handler. ab connect: ab's Connect row, the time from "
    . "its connect() to its noticing the connection is up (ab is one thread), included in the latencies.\n\n";

$rows = [];
foreach ($wrk as $name => $w) {
    $rows[] = [
        $label[$name], bench_int($wrkConnections), bench_int($w['rps']), bench_num($w['rps'] / $wrkConnections, 3),
        implode(' / ', $w['errors']), (string) $w['non2xx'],
        implode(' / ', array_map('s6_ms', $w['lat'])),
        sprintf('%.0f%%', 100 * $w['cpu'] / $w['wall']), bench_num($w['rss'] / 1048576, 0),
        $w['overflows'] === null ? '-' : bench_int($w['overflows']),
    ];
}
$md .= "### wrk ($wrkConnections keep-alive connections, {$wrkSeconds} s)\n\n";
$md .= bench_table(['server', 'connections', 'requests/s', "ratio to $wrkConnections/s", 'socket errors: connect / read / write / timeout',
    'non-2xx', 'latency ms: 50% / 75% / 90% / 99%', 'server CPU / wall', 'server peak RSS MiB', 'listen queue overflows'], $rows);
$md .= "\nCommand: `ulimit -n $nofile; wrk -t2 -c$wrkConnections -d{$wrkSeconds}s --timeout 10s --latency http://127.0.0.1:PORT/`, "
    . "each server fresh. Ceiling: one request per connection per second; a connection whose requests take a little "
    . "over 1 s completes at most " . ($wrkSeconds - 1) . " in {$wrkSeconds} s, so " . bench_num(($wrkSeconds - 1) / $wrkSeconds, 2)
    . " of it is the most a run can show. Listen queue overflows: the kernel's TcpExt ListenOverflows during the run "
    . "(system-wide; each one is a SYN dropped and retried 1 s later).\n\n";

$rows = [];
foreach ($idle as $name => $i) {
    $rows[] = [
        $label[$name], bench_int($wrkConnections), bench_num($i['wall'], 1), bench_int($i['cpu'] * 1000),
        sprintf('%.2f%%', 100 * $i['cpu'] / $i['wall']), bench_int($i['ok']), bench_num($i['rss'] / 1048576, 0),
    ];
}
$md .= "### Idle keep-alive connections\n\n";
$md .= bench_table(['server', 'idle connections', 'seconds held', 'server CPU ms meanwhile', 'server CPU / wall',
    'answered again afterwards', 'server peak RSS MiB'], $rows);
$md .= "\nCommand: `ulimit -n $nofile; php -n benchmarks/s6.php --idle-client=127.0.0.1:PORT --connections=$wrkConnections --seconds="
    . S6_IDLE_SECONDS . "` (one request on each connection, then none for " . S6_IDLE_SECONDS
    . " s, then one more on each), each server fresh. CPU time is counted in clock ticks of "
    . bench_num(1000 / s6_clock_ticks(), 0) . " ms.\n";

$warnings = [];
foreach (['ab' => $stderrAb, 'wrk' => array_map(fn ($w) => $w['stderr'], $wrk)] as $load => $texts) {
    foreach ($texts as $name => $text) {
        $text = trim((string) preg_replace('/^signal [0-9]+: stopping$/m', '', $text));
        if ($text !== '') {
            $warnings[] = "The $name server wrote to stderr during the $load runs: " . substr($text, 0, 500);
        }
    }
}
s6_write_report($md, $warnings, $out);
