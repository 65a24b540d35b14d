<?php
/**
 * Idle keep-alive connections (issue 24, item 4): what one idle connection
 * of examples/http_server.php costs in memory, beside Go's net/http.
 *
 * Each measurement starts a fresh server on 127.0.0.1, then a client (this
 * file with --client, in its own process) opens N keep-alive connections,
 * makes one request on each and leaves it idle: every connection coroutine
 * of the chan server is then parked in Chan\fgets(), waiting for the next
 * request. The client measures the server before opening the N connections
 * (the baseline) and after, and reports per connection:
 *
 *   - memory_get_usage() and memory_get_usage(true) of the server, asked with
 *     GET /memory on a connection of its own (memory_get_usage(true) is what
 *     memory_limit counts: the target is 10,000 connections under PHP's
 *     default memory_limit=128M);
 *   - the server's resident set (VmRSS of /proc/PID/status), the one figure
 *     a Go server has too;
 *
 * then sends a second request on every connection and counts the answers.
 * Medians of --runs runs; each run starts each server fresh.
 *
 * The chan server is `php -n -d extension=SO -d memory_limit=128M
 * benchmarks/idle_memory.php --serve`: examples/http_server.php's
 * HttpServer with its hello_handler() (no delay), plus GET /memory. Where
 * `go` is installed, a Go net/http server (GOMAXPROCS=1, a plain hello
 * handler; its source is below) is built in a temporary directory and
 * measured the same way.
 *
 *   php benchmarks/idle_memory.php [--so=PATH] [--before=PATH] [--runs=3]
 *       [--connections=10000] [--nofile=20000] [--memory-limit=128M]
 *       [--no-go] [--out=benchmarks/results/idle_memory.md]
 *
 *   --so        chan.so of the server (default .build-release/modules/chan.so,
 *               from scripts/build.sh release)
 *   --before    a second chan.so measured the same way, for a before/after
 *               row; it runs with memory_limit=-1, so that it is measured
 *               even where it would not fit --memory-limit
 *   --nofile    file limit (`ulimit -n`) of the servers and the client; it
 *               must exceed --connections
 *   --out=-     stdout only (the default)
 *
 * Takes about 20 s per server and run at 10,000 connections.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s6lib.php';

const IDLE_MEMORY_PATH = '/memory';
/** Seconds between the last connection's answer and the measurement: every connection coroutine parks meanwhile. */
const IDLE_SETTLE = 0.5;
/** examples/http_server.php closes a connection idle this long (its IDLE_TIMEOUT): the client must be done before. */
const IDLE_SERVER_TIMEOUT = 30.0;

/**
 * The chan server (this file with --serve, under php -n -d extension=...):
 * examples/http_server.php's HttpServer with hello_handler(0.0), and GET
 * /memory answered with "memory_get_usage() memory_get_usage(true)
 * coroutines". Prints "listening on http://ADDR/" as the example does.
 */
function idle_serve(): never
{
    require dirname(__DIR__) . '/examples/http_server.php';
    $hello = hello_handler(0.0);
    $server = new HttpServer(static function (array $request) use ($hello): array {
        if ($request['target'] === IDLE_MEMORY_PATH) {
            gc_collect_cycles();
            return [200, sprintf("%d %d %d\n", memory_get_usage(), memory_get_usage(true), Chan\Coroutine::count())];
        }
        return $hello($request);
    }, '127.0.0.1', 0);
    echo "listening on http://{$server->address()}/\n";
    Chan\run(static function () use ($server): void {
        Chan\go('stop_on_signals', $server);
        $server->serve();
    });
    exit(0);
}

/**
 * Sends one GET on $conn and reads the answer: its body, or null when the
 * answer is not a complete 200 (blocking PHP streams: the client loads no
 * chan).
 *
 * @param resource $conn
 */
function idle_request($conn, string $path): ?string
{
    if (fwrite($conn, "GET $path HTTP/1.1\r\nHost: idle\r\n\r\n") === false) {
        return null;
    }
    return idle_response($conn);
}

/** @param resource $conn */
function idle_response($conn): ?string
{
    $status = fgets($conn);
    $length = 0;
    while (($line = fgets($conn)) !== false && $line !== "\r\n") {
        if (preg_match('/^content-length:\s*([0-9]+)/i', $line, $m)) {
            $length = (int) $m[1];
        }
    }
    for ($body = ''; strlen($body) < $length && !feof($conn);) {
        $chunk = fread($conn, $length - strlen($body));
        if ($chunk === false) {
            break;
        }
        $body .= $chunk;
    }
    $ok = is_string($status) && str_starts_with($status, 'HTTP/1.1 200') && strlen($body) === $length;
    return $ok ? $body : null;
}

/** VmRSS of process $pid in bytes. */
function idle_rss(int $pid): int
{
    $status = (string) @file_get_contents("/proc/$pid/status");
    bench_check(preg_match('/^VmRSS:\s+([0-9]+) kB$/m', $status, $m) === 1, "no VmRSS for process $pid (has it died?)");
    return (int) $m[1] * 1024;
}

/**
 * The client (this file with --client=ADDR): the server's figures before and
 * after $n idle keep-alive connections, one request made on each, then how
 * many answer a second request. Prints one line of JSON.
 */
function idle_client(string $addr, int $pid, int $n, bool $withMemory): never
{
    // A new connection for each measurement, closed after it: one is open at
    // each (an older one could have met the server's idle timeout).
    $measure = static function () use ($addr, $pid, $withMemory): array {
        $figures = ['mem' => null, 'real' => null, 'coroutines' => null];
        if ($withMemory) {
            $probe = stream_socket_client("tcp://$addr", $errno, $errstr, 10);
            bench_check($probe !== false, "client: cannot connect to $addr: $errstr");
            stream_set_timeout($probe, 60);
            $body = idle_request($probe, IDLE_MEMORY_PATH);
            fclose($probe);
            bench_check($body !== null && preg_match('/^([0-9]+) ([0-9]+) ([0-9]+)$/', trim($body), $m) === 1,
                'GET ' . IDLE_MEMORY_PATH . ' failed: ' . var_export($body, true));
            $figures = ['mem' => (int) $m[1], 'real' => (int) $m[2], 'coroutines' => (int) $m[3]];
        }
        return $figures + ['rss' => idle_rss($pid)];
    };
    $before = $measure();

    $t0 = microtime(true);
    $conns = [];
    for ($i = 0; $i < $n; $i++) {
        $c = stream_socket_client("tcp://$addr", $errno, $errstr, 10);
        bench_check($c !== false, "client: connection $i: $errstr");
        stream_set_timeout($c, 60);
        bench_check(idle_request($c, '/idle') !== null, "client: no answer on connection $i");
        $conns[] = $c;
    }
    $open = microtime(true) - $t0;
    usleep((int) (IDLE_SETTLE * 1e6));
    $after = $measure();

    // A second request on every connection: each must still be served.
    foreach ($conns as $c) {
        fwrite($c, "GET /again HTTP/1.1\r\nHost: idle\r\n\r\n");
    }
    $ok = 0;
    foreach ($conns as $c) {
        $ok += (int) (idle_response($c) !== null);
    }
    echo json_encode(['before' => $before, 'after' => $after, 'ok' => $ok, 'open_seconds' => $open,
        'total_seconds' => microtime(true) - $t0]), "\n";
    fgets(STDIN); // until the server is stopped (see idle_measure())
    exit(0);
}

/**
 * One measurement on $server: runs the client under the raised file limit;
 * its figures. Stops the server before the client closes its connections,
 * so that the server's side closes first and keeps the TIME_WAITs: the
 * client's would fill the range of ephemeral ports over a few runs, and
 * connect() slows down badly as it fills.
 */
function idle_measure(S6Proc $server, int $n, int $nofile, bool $withMemory): array
{
    $argv = ['php', '-n', '-d', 'memory_limit=-1', __FILE__, "--client={$server->addr}", "--pid={$server->pid}",
        "--connections=$n"];
    if (!$withMemory) {
        $argv[] = '--no-memory';
    }
    $cmd = array_merge(['sh', '-c', "ulimit -n $nofile && exec \"\$0\" \"\$@\""], $argv);
    $proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    bench_check(is_resource($proc), 'cannot start the client');
    stream_set_timeout($pipes[1], 900);
    $out = (string) fgets($pipes[1]);
    $r = json_decode(trim($out), true);
    $died = null;
    if (is_array($r)) {
        $died = $server->alive() ? null : $server->stderr();
        $server->stop();
    }
    fclose($pipes[0]); // the client closes its connections and exits
    $out .= stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($proc);
    if ($rc !== 0 || !is_array($r)) {
        // A server that hit memory_limit is on its way out.
        for ($i = 0; $i < 50 && $server->alive(); $i++) {
            usleep(100000);
        }
        bench_fail("the client failed on {$server->name} (exit $rc): " . trim($out . ' ' . $err)
            . ($server->alive() ? '' : '; the server has died') . ($server->stderr() !== '' ? ': ' . $server->stderr() : ''));
    }
    bench_check($died === null, "the {$server->name} server died during the run: $died");
    return $r;
}

/** "chan.so (sha1 0123456789ab)", the path as bench_path() gives it. */
function idle_so_label(string $so): string
{
    return sprintf('%s (sha1 %s)', bench_path($so), substr((string) sha1_file($so), 0, 12));
}

// --- main -------------------------------------------------------------------

$opt = getopt('', ['so:', 'before:', 'runs:', 'connections:', 'nofile:', 'memory-limit:', 'no-go', 'out:', 'help',
    'serve', 'client:', 'pid:', 'no-memory']);
if (isset($opt['help'])) {
    bench_usage(__FILE__, 0);
}
if (isset($opt['serve'])) {
    idle_serve();
}
if (isset($opt['client'])) {
    idle_client($opt['client'], (int) ($opt['pid'] ?? 0), (int) ($opt['connections'] ?? 10000), !isset($opt['no-memory']));
}

$root = dirname(__DIR__);
$so = $opt['so'] ?? "$root/.build-release/modules/chan.so";
$beforeSo = $opt['before'] ?? null;
$runs = max(1, (int) ($opt['runs'] ?? 3));
$n = (int) ($opt['connections'] ?? 10000);
$nofile = (int) ($opt['nofile'] ?? 20000);
$memoryLimit = (string) ($opt['memory-limit'] ?? '128M');
$out = $opt['out'] ?? '-';

bench_check(is_file($so), "no chan.so at $so (build it: scripts/build.sh release, or pass --so=PATH)");
bench_check($beforeSo === null || is_file($beforeSo), "no chan.so at --before=$beforeSo");
bench_check($n > 0, '--connections must be positive');
bench_check($n + 100 <= $nofile, "--connections=$n needs --nofile of at least " . ($n + 100));
$hard = trim((string) shell_exec('ulimit -Hn'));
bench_check($hard === 'unlimited' || (int) $hard >= $nofile,
    "the hard file limit ($hard) is below --nofile=$nofile: raise it or pass a smaller --nofile");

register_shutdown_function(static function (): void {
    foreach (S6Proc::$running as $server) {
        $server->stop();
    }
});
s6_exit_on_signals();

$date = gmdate('Y-m-d H:i') . ' UTC';
$loadStart = bench_loadavg();
$goBin = isset($opt['no-go']) ? null : s6_build_go();
$goVersion = $goBin ? trim((string) shell_exec('go version')) : null;

$script = 'benchmarks/idle_memory.php';
$servers = [];
$servers['chan'] = [
    'label' => 'chan: examples/http_server.php, ' . idle_so_label($so),
    'argv' => ['php', '-n', '-d', "extension=$so", '-d', "memory_limit=$memoryLimit", '-d', 'display_errors=stderr', __FILE__, '--serve'],
    'env' => [],
    'memory' => true,
    'cmd' => 'php -n -d extension=' . bench_path($so) . " -d memory_limit=$memoryLimit $script --serve",
];
if ($beforeSo !== null) {
    $servers['before'] = [
        'label' => 'chan before: examples/http_server.php, ' . idle_so_label($beforeSo),
        'argv' => ['php', '-n', '-d', "extension=$beforeSo", '-d', 'memory_limit=-1', '-d', 'display_errors=stderr', __FILE__, '--serve'],
        'env' => [],
        'memory' => true,
        'cmd' => 'php -n -d extension=' . bench_path($beforeSo) . " -d memory_limit=-1 $script --serve",
    ];
}
if ($goBin !== null) {
    $servers['go'] = [
        'label' => 'Go net/http, GOMAXPROCS=1 (reference)',
        'argv' => [$goBin],
        'env' => ['GOMAXPROCS' => '1'],
        'memory' => false,
        'cmd' => "GOMAXPROCS=1 ./idle-go (its source is in $script)",
    ];
}

fwrite(STDERR, "idle memory: $runs run(s) of $n idle keep-alive connections on " . implode(', ', array_keys($servers)) . "\n");
$results = [];
for ($run = 0; $run < $runs; $run++) {
    foreach ($servers as $name => $s) {
        $server = new S6Proc($name, $s['argv'], $nofile, $s['env']);
        $r = idle_measure($server, $n, $nofile, $s['memory']);
        $results[$name][] = $r;
        $per = static fn (string $k): string => $r['after'][$k] === null ? '-'
            : bench_int(($r['after'][$k] - $r['before'][$k]) / $n);
        fwrite(STDERR, sprintf("  run %d %-6s: %s B/conn memory_get_usage, %s B/conn real, %s B/conn RSS, %d answered again, %.1f s\n",
            $run + 1, $name, $per('mem'), $per('real'), $per('rss'), $r['ok'], $r['total_seconds']));
    }
}
$loadEnd = bench_loadavg();

// --- the report ----------------------------------------------------------------

$perConn = static fn (array $list, string $k): ?float => $list[0]['after'][$k] === null ? null
    : bench_median(array_map(static fn (array $r): float => ($r['after'][$k] - $r['before'][$k]) / $n, $list));
$rows = [];
$rssPerConn = [];
$notes = [];
foreach ($results as $name => $list) {
    $mem = $perConn($list, 'mem');
    $real = $perConn($list, 'real');
    $rss = $perConn($list, 'rss');
    $rssPerConn[$name] = $rss;
    $realTotal = $list[0]['after']['real'] === null ? null
        : bench_median(array_map(static fn (array $r): float => $r['after']['real'], $list));
    $rssTotal = bench_median(array_map(static fn (array $r): float => $r['after']['rss'], $list));
    $oks = array_column($list, 'ok');
    $rssList = array_map(static fn (array $r): float => ($r['after']['rss'] - $r['before']['rss']) / $n, $list);
    $rows[] = [
        $servers[$name]['label'], bench_int($n),
        $mem === null ? '-' : bench_int($mem),
        $real === null ? '-' : bench_int($real),
        $realTotal === null ? '-' : bench_num($realTotal / 1048576, 1),
        bench_int($rss), bench_num($rssTotal / 1048576, 1),
        min($oks) === $n ? 'all ' . bench_int($n) : 'min ' . bench_int(min($oks)) . ' of ' . bench_int($n),
        bench_spread($rssList) . ' (' . count($list) . ')',
    ];
    if ($servers[$name]['memory']) {
        $added = array_unique(array_map(static fn (array $r): int => $r['after']['coroutines'] - $r['before']['coroutines'], $list));
        if ($added !== [$n]) {
            $notes[] = "The $name server did not have $n more coroutines at the measurement in every run: " . implode(', ', $added) . '.';
        }
    }
    $slowest = max(array_column($list, 'total_seconds'));
    if ($slowest > IDLE_SERVER_TIMEOUT - 5) {
        $notes[] = sprintf('The %s client took up to %.1f s from its first connection to its last answer: near the example\'s '
            . '%d s idle timeout, after which it closes connections.', $name, $slowest, IDLE_SERVER_TIMEOUT);
    }
}

$md = "## Idle keep-alive connections: memory per connection\n\n";
$md .= "$date, load average $loadStart at the start and $loadEnd at the end, " . (int) trim((string) shell_exec('nproc'))
    . ' CPUs shared by the server and the client. PHP ' . PHP_VERSION . ', work tree '
    . trim((string) shell_exec('git -C ' . escapeshellarg($root) . ' describe --always --dirty 2>/dev/null'))
    . ($goVersion ? "; $goVersion" : '; no Go reference (`go` is missing)') . "; file limit $nofile for servers and client.\n\n";
$md .= bench_table(['server', 'connections', 'memory_get_usage() B/conn', 'memory_get_usage(true) B/conn (memory_limit counts this)',
    'memory_get_usage(true) at N, MiB', 'RSS B/conn', 'RSS at N, MiB', 'answered a second request', 'RSS spread (runs)'], $rows);
$md .= "\nMedians of $runs run(s), a fresh server for each measurement. Per connection = (figure with the N idle "
    . "connections - figure before they were opened) / N; the memory figures are the server's own, asked with GET "
    . IDLE_MEMORY_PATH . ' on one more connection (a new one for each measurement; the server runs gc_collect_cycles() '
    . 'first)' . (ini_parse_quantity($memoryLimit) > 0 ? "; memory_limit=$memoryLimit is "
    . bench_num(ini_parse_quantity($memoryLimit) / 1048576, 0) . ' MiB of memory_get_usage(true)' : '') . '. RSS is VmRSS of '
    . '/proc/PID/status. The client opens the connections one after another, one request on each, waits '
    . IDLE_SETTLE . " s, measures, then sends a second request on every connection.\n";
if (isset($rssPerConn['go']) && $rssPerConn['go'] > 0) {
    $md .= "\nRSS per connection, chan / Go: ";
    $ratios = [];
    foreach ($rssPerConn as $name => $rss) {
        if ($name !== 'go') {
            $ratios[] = "$name " . bench_num($rss / $rssPerConn['go'], 2);
        }
    }
    $md .= implode(', ', $ratios) . " (issue 24: at most 1).\n";
}
$md .= "\nServers:\n\n";
foreach ($servers as $s) {
    $md .= "- {$s['label']}: `ulimit -n $nofile; {$s['cmd']}`\n";
}
$md .= "\nClient: `ulimit -n $nofile; php -n -d memory_limit=-1 $script --client=127.0.0.1:PORT --pid=PID --connections=$n`"
    . " (--no-memory for Go). Reproduce: `php $script --so=" . bench_path($so)
    . ($beforeSo !== null ? ' --before=' . bench_path($beforeSo) : '') . " --connections=$n --runs=$runs"
    . ($out !== '-' ? ' --out=' . bench_path($out) : '') . '`' . ($beforeSo !== null ? '; the "before" server runs with '
    . 'memory_limit=-1 so that it can be measured where it would not fit.' : '') . "\n";
if ($notes) {
    $md .= "\n" . implode("\n\n", $notes) . "\n";
}

bench_write_report($md, $out);
