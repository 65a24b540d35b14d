<?php
/**
 * S10, fan-out with the clients users have (../shared/BENCHMARKS.md): 1,000
 * HTTP GETs to a local server that answers each after 10 ms, 100 in flight
 * at once, made by
 *
 *   a  file_get_contents('http://...') in 100 coroutines (Chan\run(), a
 *      Chan\Group of 100 workers taking the next request number; chan's
 *      stream hooks park each call)
 *   b  Guzzle's synchronous get() in 100 coroutines, curl handler
 *      (GuzzleHttp\Handler\CurlHandler): curl is not hooked yet, so every
 *      curl_exec() blocks the whole process and the 100 coroutines make one
 *      request at a time
 *   c  Guzzle's own asynchronous Pool, concurrency 100, curl multi handler
 *      (GuzzleHttp\Handler\CurlMultiHandler), no coroutines
 *   d  the same file_get_contents() loop serially in main (no coroutine), the
 *      first --serial (50) requests only; its figures are per request, so
 *      they stand for the 1,000
 *   e  (not in BENCHMARKS.md) Guzzle's get() with its StreamHandler (PHP's
 *      own http:// streams, which chan hooks) in 100 coroutines: what a
 *      Guzzle user has today, beside b
 *
 * and reports requests/s, CPU microseconds per request (getrusage() of the
 * client process, user + system, over the timed requests only) and the
 * ratio to (d) of each, a / d being S10's figure. The latency ceiling is
 * 100 in flight / 10 ms = 10,000 requests/s (d: 100). Every answer is
 * checked ("hello: GET /s10/N\n" for request N).
 *
 * The server is S6's Go net/http server (benchmarks/s6lib.php,
 * s6_build_go(), built offline with the standard library only) with -delay
 * 10ms and GOMAXPROCS=1, on a free port of 127.0.0.1, started and stopped by
 * this script (also on failure and Ctrl-C). Each client run is a process of
 * its own,
 *
 *   php -n -d extension=SO [-d extension=curl] -d display_errors=stderr -d error_reporting=24575
 *       benchmarks/s10.php --client=MODE --url=http://127.0.0.1:PORT ...
 *
 * (error_reporting E_ALL but E_DEPRECATED: Debian 12's Guzzle 7.4.5 makes
 * a dynamic property, which PHP 8.2 deprecates), which makes one untimed
 * request first (loading the client's classes), then the timed ones, and
 * prints one line of JSON. The modes take turns within each round, the
 * order reversed every other round; the tables show medians over the
 * rounds.
 *
 *   php benchmarks/s10.php [--so=PATH] [--runs=3] [--requests=1000] [--concurrency=100] [--serial=50]
 *       [--delay=0.01] [--modes=a,b,c,d,e] [--pin=1] [--curl=PATH] [--no-install]
 *       [--out=benchmarks/results/s10.md]
 *
 *   --so=PATH      chan.so (default .build-release/modules/chan.so, from
 *                  scripts/build.sh release)
 *   --runs=N       rounds; every mode runs once per round
 *   --pin=1|0      server on CPU 1, clients on CPU 0 (taskset), as S8
 *   --curl=PATH    ext-curl to load in the clients of b and c (default: curl.so
 *                  of PHP's extension_dir)
 *   --no-install   never install; b, c and e are left out, with the reason,
 *                  when their packages are missing
 *   --out=-        stdout only
 *
 * Needs go (Debian: golang-go) and, for b, c and e, Guzzle
 * (php-guzzlehttp-guzzle, scripts/setup.sh) and for b and c ext-curl
 * (php8.2-curl): run as root, this script installs the missing ones with
 * apt-get (no service started) and disables a php*-curl it installed again
 * in conf.d (phpdismod), so the machine's PHP loads what it loaded before;
 * the clients load it with -d. Loopback only. Takes about 1 minute with the
 * defaults (b alone is about 10 s a round).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s6lib.php';

const S10_MODES = [
    'a' => 'a: file_get_contents() in 100 coroutines (hooked)',
    'b' => 'b: Guzzle get() in 100 coroutines, curl handler',
    'c' => 'c: Guzzle Pool, concurrency 100, curl multi, no coroutines',
    'd' => 'd: file_get_contents() serially',
    'e' => 'e: Guzzle get() in 100 coroutines, StreamHandler (hooked)',
];
const S10_GUZZLE = '/usr/share/php/GuzzleHttp/autoload.php';

// --- a client process (--client=MODE) -----------------------------------------

/**
 * The client of $mode: a closure that makes requests $from to $to - 1 and
 * returns [right answers, error messages].
 *
 * @return Closure(int, int): array{0: int, 1: list<string>}
 */
function s10_client(string $mode, string $url, int $concurrency): Closure
{
    $check = static function (int $i, mixed $body, int &$ok, array &$errors): void {
        if ($body === "hello: GET /s10/$i\n") {
            $ok++;
        } elseif (count($errors) < 5) {
            $errors[] = "request $i: " . ($body === false ? (error_get_last()['message'] ?? 'false') : var_export($body, true));
        }
    };
    // $one($i) in $concurrency coroutines, each taking the next request number.
    $fanOut = static function (Closure $one) use ($concurrency): Closure {
        return static function (int $from, int $to) use ($one, $concurrency): array {
            return Chan\run(static function () use ($one, $from, $to, $concurrency): array {
                $next = $from;
                $ok = 0;
                $errors = [];
                $group = new Chan\Group();
                for ($w = 0; $w < min($concurrency, $to - $from); $w++) {
                    $group->go(static function () use ($one, &$next, $to, &$ok, &$errors): void {
                        while (($i = $next++) < $to) {
                            $one($i, $ok, $errors);
                        }
                    });
                }
                $group->wait();
                return [$ok, $errors];
            });
        };
    };
    $fgc = static function (int $i, int &$ok, array &$errors) use ($url, $check): void {
        $check($i, @file_get_contents("$url/s10/$i"), $ok, $errors);
    };
    if ($mode === 'a') {
        return $fanOut($fgc);
    }
    if ($mode === 'd') {
        return static function (int $from, int $to) use ($fgc): array {
            $ok = 0;
            $errors = [];
            for ($i = $from; $i < $to; $i++) {
                $fgc($i, $ok, $errors);
            }
            return [$ok, $errors];
        };
    }
    require_once S10_GUZZLE;
    $handler = match ($mode) {
        'b' => new GuzzleHttp\Handler\CurlHandler(),
        'c' => new GuzzleHttp\Handler\CurlMultiHandler(),
        'e' => new GuzzleHttp\Handler\StreamHandler(),
    };
    $client = new GuzzleHttp\Client(['handler' => GuzzleHttp\HandlerStack::create($handler), 'timeout' => 30]);
    if ($mode === 'c') {
        return static function (int $from, int $to) use ($client, $url, $concurrency, $check): array {
            $ok = 0;
            $errors = [];
            $requests = static function () use ($from, $to, $url): Generator {
                for ($i = $from; $i < $to; $i++) {
                    yield $i => new GuzzleHttp\Psr7\Request('GET', "$url/s10/$i");
                }
            };
            $pool = new GuzzleHttp\Pool($client, $requests(), [
                'concurrency' => $concurrency,
                'fulfilled' => static function ($response, int $i) use ($check, &$ok, &$errors): void {
                    $check($i, (string) $response->getBody(), $ok, $errors);
                },
                'rejected' => static function ($reason, int $i) use (&$errors): void {
                    if (count($errors) < 5) {
                        $errors[] = "request $i: " . ($reason instanceof Throwable ? $reason->getMessage() : var_export($reason, true));
                    }
                },
            ]);
            $pool->promise()->wait();
            return [$ok, $errors];
        };
    }
    return $fanOut(static function (int $i, int &$ok, array &$errors) use ($client, $url, $check): void {
        try {
            $check($i, (string) $client->get("$url/s10/$i")->getBody(), $ok, $errors);
        } catch (Throwable $e) {
            if (count($errors) < 5) {
                $errors[] = "request $i: " . get_class($e) . ': ' . $e->getMessage();
            }
        }
    });
}

/** A client process: one untimed request, then requests 1 to $n timed; one line of JSON. */
function s10_client_main(string $mode, string $url, int $n, int $concurrency): never
{
    bench_check(extension_loaded('chan'), 'chan is not loaded (php -d extension=SO)');
    $run = s10_client($mode, $url, $concurrency);
    [$ok, $errors] = $run(0, 1);
    bench_check($ok === 1, "the first request failed: " . implode('; ', $errors));
    gc_collect_cycles();
    [$u0, $s0] = bench_cpu_split();
    $t0 = hrtime(true);
    [$ok, $errors] = $run(1, 1 + $n);
    $wall = (hrtime(true) - $t0) / 1e9;
    [$u1, $s1] = bench_cpu_split();
    echo json_encode([
        'requests' => $n, 'ok' => $ok, 'errors' => $errors, 'wall' => $wall, 'user' => $u1 - $u0, 'sys' => $s1 - $s0,
        'hooks' => Chan\hooks(), 'curl' => function_exists('curl_version') ? curl_version()['version'] : null,
        'guzzle' => interface_exists(GuzzleHttp\ClientInterface::class, false) ? GuzzleHttp\ClientInterface::MAJOR_VERSION : null,
    ]), "\n";
    exit(0);
}

// --- packages -------------------------------------------------------------------

/** Version of an installed Debian package, or null. */
function s10_deb_version(string $package): ?string
{
    $v = trim((string) shell_exec("dpkg-query -W -f='\${Status} \${Version}' " . escapeshellarg($package) . ' 2>/dev/null'));
    return preg_match('/^install ok installed (\S+)$/', $v, $m) ? $m[1] : null;
}

/**
 * Installs Debian $packages with apt-get (as root, no service started); a
 * php*-curl among them is disabled again in conf.d. Null when done, else why not.
 *
 * @param list<string> $packages
 */
function s10_install(array $packages): ?string
{
    if (!function_exists('posix_geteuid') || posix_geteuid() !== 0) {
        return 'not root';
    }
    if (trim((string) shell_exec('command -v apt-get 2>/dev/null')) === '') {
        return 'no apt-get';
    }
    fwrite(STDERR, 'S10: installing ' . implode(' ', $packages) . "\n");
    // No package may start a service; Debian's php*-curl enables itself in
    // every SAPI's conf.d, which is undone below (the clients load it with -d).
    $policy = '/usr/sbin/policy-rc.d';
    $ownPolicy = !file_exists($policy);
    if ($ownPolicy) {
        file_put_contents($policy, "#!/bin/sh\nexit 101\n");
        chmod($policy, 0755);
    }
    exec('{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq '
        . '--no-install-recommends ' . implode(' ', array_map('escapeshellarg', $packages)) . '; } 2>&1', $log, $rc);
    if ($ownPolicy) {
        unlink($policy);
    }
    if ($rc !== 0) {
        return 'apt-get failed: ' . implode(' ', array_slice($log, -5));
    }
    foreach ($packages as $p) {
        if (preg_match('/^php([0-9.]+)-curl$/', $p, $m) && trim((string) shell_exec('command -v phpdismod')) !== '') {
            exec('phpdismod -v ' . escapeshellarg($m[1]) . ' -s ALL curl 2>&1');
        }
    }
    return null;
}

// --- main -------------------------------------------------------------------------

$opt = getopt('', ['so:', 'runs:', 'requests:', 'concurrency:', 'serial:', 'delay:', 'modes:', 'pin:', 'curl:', 'no-install', 'out:',
    'help', 'client:', 'url:']);
if (isset($opt['help'])) {
    bench_usage(__FILE__, 0);
}
if (isset($opt['client'])) {
    s10_client_main($opt['client'], $opt['url'], (int) $opt['requests'], (int) $opt['concurrency']);
}

$root = dirname(__DIR__);
$so = $opt['so'] ?? "$root/.build-release/modules/chan.so";
$runs = max(1, (int) ($opt['runs'] ?? 3));
$n = (int) ($opt['requests'] ?? 1000);
$conc = (int) ($opt['concurrency'] ?? 100);
$serial = (int) ($opt['serial'] ?? 50);
$delay = (float) ($opt['delay'] ?? 0.01);
$modes = isset($opt['modes']) ? explode(',', $opt['modes']) : array_keys(S10_MODES);
$pin = ($opt['pin'] ?? '1') === '1';
$out = $opt['out'] ?? "$root/benchmarks/results/s10.md";
bench_check(is_file($so), "no chan.so at $so (build it: scripts/build.sh release, or pass --so=PATH)");
bench_check($n >= 1 && $conc >= 1 && $serial >= 1 && $delay > 0, 'bad --requests, --concurrency, --serial or --delay');
bench_check(array_diff($modes, array_keys(S10_MODES)) === [], '--modes takes ' . implode(',', array_keys(S10_MODES)));
bench_check(function_exists('pcntl_signal'), 'needs ext-pcntl (Debian\'s php-cli has it)');
if ($pin) {
    exec('taskset -c 0 true && taskset -c 1 true 2>&1', $o, $rc);
    bench_check($rc === 0, 'taskset cannot pin to CPUs 0 and 1 (util-linux; --pin=0)');
}

// What the Guzzle modes need; installed where missing (as root).
$phpVer = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$extDir = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -n -r "echo ini_get(\'extension_dir\');"'));
$curlSo = $opt['curl'] ?? "$extDir/curl.so";
$missing = [];
if (array_intersect($modes, ['b', 'c', 'e']) !== [] && !is_file(S10_GUZZLE)) {
    $missing[] = 'php-guzzlehttp-guzzle';
}
if (array_intersect($modes, ['b', 'c']) !== [] && !is_file($curlSo)) {
    $missing[] = "php$phpVer-curl";
}
$installFailed = null;
if ($missing !== []) {
    $installFailed = isset($opt['no-install']) ? '--no-install' : s10_install($missing);
}
$skipped = [];
foreach ($modes as $m) {
    if (in_array($m, ['b', 'c', 'e'], true) && !is_file(S10_GUZZLE)) {
        $skipped[$m] = 'Guzzle is not installed (php-guzzlehttp-guzzle' . ($installFailed ? "; not installed: $installFailed" : '') . ')';
    } elseif (in_array($m, ['b', 'c'], true) && !is_file($curlSo)) {
        $skipped[$m] = 'no ext-curl (' . bench_path($curlSo) . "; php$phpVer-curl" . ($installFailed ? "; not installed: $installFailed" : '') . ')';
    }
}

// The server; stopped on the way out (bench_fail()'s exit and Ctrl-C too).
register_shutdown_function(static function (): void {
    foreach (S6Proc::$running as $proc) {
        $proc->stop();
    }
});
s6_exit_on_signals();
$goBin = s6_build_go();
bench_check($goBin !== null, 'cannot build the Go server (Debian: golang-go)');
$goVersion = trim((string) shell_exec('go version'));
$delayArg = sprintf('%dms', (int) round($delay * 1000));
$server = new S6Proc('go server', array_merge(['env', 'GOMAXPROCS=1'], $pin ? ['taskset', '-c', '1'] : [], [$goBin, '-delay', $delayArg]),
    4096, [], 20);
$url = "http://{$server->addr}";
$env = s6_environment($so, $root);

$clientArgv = static function (string $mode) use ($so, $curlSo, $url, $n, $conc, $serial, $pin): array {
    return array_merge(['timeout', '300'], $pin ? ['taskset', '-c', '0'] : [], [PHP_BINARY, '-n', '-d', "extension=$so"],
        in_array($mode, ['b', 'c'], true) ? ['-d', "extension=$curlSo"] : [],
        ['-d', 'memory_limit=512M', '-d', 'display_errors=stderr', '-d', 'error_reporting=' . (E_ALL & ~E_DEPRECATED), __FILE__, "--client=$mode", "--url=$url", '--requests=' . ($mode === 'd' ? $serial : $n),
        "--concurrency=$conc"]);
};
$results = [];
$loadStart = bench_loadavg();
$run = array_values(array_diff($modes, array_keys($skipped)));
fwrite(STDERR, "S10: server $url (answers after $delayArg), $runs round(s) of " . implode(', ', $run) . "\n");
for ($round = 0; $round < $runs; $round++) {
    foreach ($round % 2 === 0 ? $run : array_reverse($run) as $mode) {
        $proc = proc_open($clientArgv($mode), [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        bench_check(is_resource($proc), 'cannot start a client');
        $stdout = (string) stream_get_contents($pipes[1]);
        $stderr = trim((string) stream_get_contents($pipes[2]));
        fclose($pipes[1]);
        fclose($pipes[2]);
        $rc = proc_close($proc);
        $r = json_decode(trim($stdout), true);
        bench_check($rc === 0 && is_array($r), "client $mode failed (exit $rc): " . substr(trim($stdout . "\n" . $stderr), 0, 2000));
        $r['stderr'] = $stderr;
        $r['rps'] = $r['requests'] / $r['wall'];
        $r['cpu_us'] = ($r['user'] + $r['sys']) / $r['requests'] * 1e6;
        $results[$mode][] = $r;
        fwrite(STDERR, sprintf("  round %d %s: %d requests in %.3f s, %s req/s, %.0f us CPU per request, %d wrong%s\n", $round + 1, $mode,
            $r['requests'], $r['wall'], bench_num($r['rps'], 1), $r['cpu_us'], $r['requests'] - $r['ok'],
            $r['errors'] ? ' (' . implode('; ', $r['errors']) . ')' : ''));
    }
}
$loadEnd = bench_loadavg();
$serverStderr = $server->stderr();
$server->stop();

// --- the report --------------------------------------------------------------------

$ceiling = $conc / $delay;
$med = static fn (string $m, string $f): float => bench_median(array_column($results[$m], $f));
$rows = [];
foreach ($modes as $m) {
    if (isset($skipped[$m])) {
        $rows[] = [str_replace('100', (string) $conc, S10_MODES[$m]), '-', "not run: {$skipped[$m]}", '-', '-', '-', '-', '-'];
        continue;
    }
    $rs = $results[$m];
    $wrong = array_sum(array_map(static fn (array $r): int => $r['requests'] - $r['ok'], $rs));
    $toD = isset($results['d']) && $m !== 'd'
        ? bench_num($med($m, 'rps') / $med('d', 'rps'), 1) . ' (spread ' . bench_spread(array_map(static fn ($x, $y) => $x['rps'] / $y['rps'],
            $rs, $results['d'])) . ')'
        : ($m === 'd' ? '1.0' : '-');
    $rows[] = [
        str_replace('100', (string) $conc, S10_MODES[$m]),
        bench_int($rs[0]['requests']) . ($m === 'd' ? ' (serial)' : ''),
        bench_num($med($m, 'rps'), 1),
        bench_num($med($m, 'rps') / ($m === 'd' ? 1 / $delay : $ceiling), 3),
        bench_num($med($m, 'cpu_us'), 0),
        $toD,
        (string) $wrong,
        bench_spread(array_column($rs, 'rps')) . ' (' . count($rs) . ')',
    ];
}
$first = static fn (string $k) => array_values(array_filter(array_map(static fn (array $rs) => $rs[0][$k] ?? null, $results)))[0] ?? null;
$quote = static fn (string $a): string => preg_match('~^[A-Za-z0-9_./=,:+-]+$~', $a) ? $a : escapeshellarg($a);
$cmdLine = 'php ' . implode(' ', array_map(static fn (string $a): string => $quote(bench_path_arg($a)), $argv));
$md = '## S10: fan-out, ' . bench_int($n) . " HTTP GETs with the clients users have\n\n";
$md .= "{$env['date']}, load average $loadStart at the start and $loadEnd at the end, {$env['cpus']} CPUs. PHP {$env['php']} "
    . "(`-n`: opcache off), chan.so {$env['so']}, work tree {$env['git']}; Chan\\hooks() in the clients: "
    . implode(',', (array) $first('hooks')) . '; Guzzle ' . (($v = s10_deb_version('php-guzzlehttp-guzzle')) ?? 'not installed')
    . ', ext-curl ' . (is_file($curlSo) ? ('with libcurl ' . ($first('curl') ?? '?')) : 'not installed') . "; $goVersion.\n\n";
$md .= "Command: `$cmdLine`\n\n";
$md .= bench_table(['client', 'requests timed', 'requests/s (median)', 'of the ceiling', 'client CPU us per request',
    'requests/s / (d)', 'wrong answers (all runs)', 'spread (runs)'], $rows);
$md .= "\nThe server: S6's Go net/http server (`s6_build_go()` in benchmarks/s6lib.php) with `-delay $delayArg`, GOMAXPROCS=1, on "
    . "127.0.0.1" . ($pin ? ', pinned to CPU 1 (the clients to CPU 0, taskset)' : '') . ". Every request is a GET of /s10/N answered "
    . "\"hello: GET /s10/N\" after " . bench_num($delay * 1000, 0) . " ms; a and d make a new connection per request (PHP's http:// "
    . "wrapper sends `Connection: close`), Guzzle's curl handlers keep connections alive. Each mode runs in a process of its own "
    . "(`php -n -d extension=chan.so [-d extension=curl] benchmarks/s10.php --client=MODE`), which makes one untimed request, then "
    . bench_int($n) . " ($serial for d) timed; requests/s = timed requests / wall time of the timed part, client CPU = user + system "
    . "time of the client process (getrusage()) over the same part / requests. Of the ceiling: against " . bench_int($ceiling)
    . " requests/s (" . $conc . ' in flight / ' . bench_num($delay * 1000, 0) . " ms), for d against " . bench_int(1 / $delay)
    . " (one at a time). requests/s / (d): median requests/s of the mode / of d, the spread over the rounds' own ratios. "
    . "$runs round(s), the modes in turn, the order reversed every other round; medians.\n\n"
    . (isset($results['a'], $results['d']) ? '- a / d = ' . bench_num($med('a', 'rps') / $med('d', 'rps'), 1)
        . ": file_get_contents() in $conc coroutines against the same calls one at a time.\n" : '')
    . (in_array('b', $modes, true) ? "- b: curl is not hooked yet (a later issue): each `curl_exec()` blocks the whole process, so "
        . "Guzzle's synchronous get() in $conc coroutines makes one request at a time, as d does.\n" : '')
    . (in_array('e', $modes, true) ? "- e is an addition to BENCHMARKS.md: Guzzle's StreamHandler runs on PHP's http:// streams, "
        . "which the stream hooks park.\n" : '');
$warnings = [];
foreach ($results as $m => $rs) {
    foreach ($rs as $i => $r) {
        if ($r['stderr'] !== '') {
            $warnings[] = "client $m, round " . ($i + 1) . " wrote to stderr: `" . str_replace('`', "'", substr($r['stderr'], 0, 800)) . '`';
        }
        if ($r['errors']) {
            $warnings[] = "client $m, round " . ($i + 1) . ': ' . implode('; ', $r['errors']);
        }
    }
}
if (trim($serverStderr) !== '') {
    $warnings[] = 'the server wrote to stderr: `' . substr(trim($serverStderr), 0, 800) . '`';
}
s6_write_report($md, $warnings, $out);
