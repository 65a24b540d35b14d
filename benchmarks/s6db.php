<?php
/**
 * S6-DB, the HTTP server on a database (../shared/BENCHMARKS.md):
 * examples/db_server.php in its own process, every request running
 * `select sleep(1)` on MariaDB (GET /mysql) or `select pg_sleep(1)` on
 * PostgreSQL (GET /pgsql) through a pool of connections on channels
 * (examples/db/pool.php, the asynchronous helpers of examples/db/async.php),
 * and S6-PDO: the same MariaDB query in the same process and the same run
 * with the handler written on plain PDO MySQL (GET /mysql-pdo) and on plain
 * mysqli (GET /mysqli), no asynchronous API, chan's hooks doing the
 * cooperation, connections pooled on a Chan\Channel (db_server.php
 * --plain=mysql-pdo,mysqli: ChannelPool, --pool-plain connections each,
 * default --pool-mysql). PostgreSQL through plain PDO is left out: pdo_pgsql
 * (libpq) is not hooked yet. Measured with
 *
 *   ab -c 100 -n 1000 and ab -c 1000 -n 2000 (no keep-alive, --loads),
 *     medians of --runs rounds: requests/s against the ceiling, failed
 *     requests. ab sends its first request alone and opens the others once
 *     it is answered, so with a 1 s query it needs at least
 *     1 + ceil((n - 1) / c) seconds: 90.9 and 666.7 req/s. A pool of P
 *     connections runs at most P queries at once, so with P < c the ceiling
 *     is n / (1 + ceil((n - 1) / P)): PostgreSQL, whose every connection is
 *     a server process, gets a pool of --pool-pgsql (100; tests/db/servers.sh
 *     allows 200 connections), which makes 95.2 req/s at -c 1000 -n 2000.
 *     MariaDB (a thread per connection; servers.sh allows 2,000) gets a
 *     pool as large as the load, --pool-mysql (1,000), and so does each
 *     plain handler (--pool-plain): where the pools need more than 1,900
 *     connections together, max_connections of the private MariaDB is
 *     raised for the run (SET GLOBAL, as its root over its socket).
 *   the same ab loads on examples/http_server.php (S6's server: the same
 *     1 s in Coroutine::sleep(), no database), in the same rounds: what ab
 *     reaches on this machine at that moment (--no-control leaves it out);
 *   for contrast, Debian's php-fpm with one worker (pm = static,
 *     pm.max_children = 1) running the same query with PHP's blocking calls
 *     (benchmarks/s6db_fpm.php), behind a small HTTP-to-FastCGI gateway on
 *     chan (this file with --fcgi-gateway) since ab speaks HTTP: a short
 *     ab -c 20 -n 20 (--fpm-load) per database.
 *
 * The database servers are private ones: tests/db/servers.sh start DIR in a
 * temporary directory, stopped at the end, on failure and on Ctrl-C (Unix
 * sockets only). The pools are opened before the load (db_server.php
 * --warm: mysqli connects block, so they are made before the load, not in
 * it). Every process runs under `ulimit -n --nofile`; nothing leaves
 * 127.0.0.1.
 *
 *   php benchmarks/s6db.php [--so=PATH] [--runs=3] [--loads=100:1000,1000:2000]
 *       [--targets=control,mysql,pgsql,mysql-pdo,mysqli] [--pool-mysql=1000] [--pool-pgsql=100]
 *       [--pool-plain=1000] [--fpm=/usr/sbin/php-fpmX.Y] [--fpm-load=20:20] [--no-fpm] [--no-control]
 *       [--nofile=20000] [--out=benchmarks/results/s6db.md]
 *
 *   --so       chan.so for the servers (default .build-release/modules/chan.so,
 *              from scripts/build.sh release)
 *   --loads    ab's C:N pairs
 *   --targets  what ab loads, in turn within each round (the order reversed
 *              every other round): control (S6's server), mysql and pgsql
 *              (the asynchronous helpers), mysql-pdo and mysqli (S6-PDO);
 *              --no-control is --targets without control. The /mysql pool
 *              is opened whenever MariaDB is loaded at all
 *   --out=-    stdout only
 *
 * S6-PDO alone, as scripts/bench.sh runs it (benchmarks/results/s6pdo.md):
 *
 *   php benchmarks/s6db.php --targets=control,mysql,mysql-pdo,mysqli --runs=1 --no-fpm
 *       --out=benchmarks/results/s6pdo.md
 *
 * Needs ab (Debian: apache2-utils), php-fpm of the same PHP (phpX.Y-fpm),
 * and the database servers and PHP extensions of tests/db/servers.sh
 * (`tests/db/servers.sh install` installs the missing ones as root; php-mysql
 * brings pdo_mysql too). Takes about 6 minutes with the defaults (the
 * S6-PDO line above: about 2).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s6lib.php';

const S6DB_SLEEP = 1.0;

/**
 * How long the query itself takes, alone: the median of 5 in a row with
 * PHP's blocking calls, per database, in seconds (PostgreSQL's pg_sleep(1)
 * takes a few milliseconds more than 1 s by itself).
 *
 * @param list<string> $phpArgv php with the extensions loaded
 * @return array<string, float>
 */
function s6db_query_alone(array $phpArgv, array $dbEnv): array
{
    $code = <<<'PHP'
        $t = [];
        $m = new mysqli('localhost', getenv('CHAN_MYSQL_USER'), '', getenv('CHAN_MYSQL_DB'), 0, getenv('CHAN_MYSQL_SOCKET'));
        $c = pg_connect(getenv('CHAN_PG_DSN'));
        foreach (['mysql' => fn () => $m->query('select sleep(1)'), 'pgsql' => fn () => pg_query($c, 'select pg_sleep(1)')] as $db => $q) {
            $d = [];
            for ($i = 0; $i < 5; $i++) {
                $t0 = hrtime(true);
                $q();
                $d[] = (hrtime(true) - $t0) / 1e9;
            }
            sort($d);
            $t[$db] = $d[2];
        }
        echo json_encode($t);
        PHP;
    $env = '';
    foreach ($dbEnv as $k => $v) {
        $env .= "$k=" . escapeshellarg($v) . ' ';
    }
    $out = shell_exec("env $env" . implode(' ', array_map('escapeshellarg', array_merge($phpArgv, ['-r', $code]))) . ' 2>&1');
    $t = json_decode((string) $out, true);
    bench_check(is_array($t) && isset($t['mysql'], $t['pgsql']), "the queries alone failed: $out");
    return $t;
}

/** "C:N,C:N" as [[C, N], ...]. */
function s6db_loads(string $spec): array
{
    $loads = [];
    foreach (explode(',', $spec) as $pair) {
        bench_check(preg_match('/^([0-9]+):([0-9]+)$/', trim($pair), $m) === 1, "bad load '$pair' (C:N)");
        $loads[] = [(int) $m[1], (int) $m[2]];
    }
    return $loads;
}

// --- the FastCGI gateway (--fcgi-gateway) -------------------------------------

/** A FastCGI record. */
function s6db_fcgi_record(int $type, string $content): string
{
    return pack('CCnnCx', 1, $type, 1, strlen($content), 0) . $content;
}

function s6db_fcgi_length(string $s): string
{
    return strlen($s) < 128 ? chr(strlen($s)) : pack('N', strlen($s) | 0x80000000);
}

/** Exactly $n bytes from $conn, or null at end of file. */
function s6db_read_exact($conn, int $n, float $timeout): ?string
{
    $data = '';
    while (strlen($data) < $n) {
        $chunk = Chan\fread($conn, $n - strlen($data), $timeout);
        if ($chunk === false || $chunk === '') {
            return null;
        }
        $data .= $chunk;
    }
    return $data;
}

/** One request through php-fpm at $sock: [status, body]. */
function s6db_fcgi(string $sock, string $script, array $request): array
{
    $conn = Chan\stream_socket_client("unix://$sock", $errno, $errstr, 120);
    if ($conn === false) {
        return [503, "php-fpm: $errstr\n"];
    }
    try {
        $params = [
            'GATEWAY_INTERFACE' => 'FastCGI/1.0',
            'REQUEST_METHOD' => $request['method'],
            'SCRIPT_FILENAME' => $script,
            'SCRIPT_NAME' => '/' . basename($script),
            'REQUEST_URI' => $request['target'],
            'QUERY_STRING' => (string) parse_url($request['target'], PHP_URL_QUERY),
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'SERVER_NAME' => '127.0.0.1',
            'SERVER_PORT' => '80',
            'REMOTE_ADDR' => '127.0.0.1',
            'CONTENT_LENGTH' => '0',
        ];
        $pairs = '';
        foreach ($params as $k => $v) {
            $pairs .= s6db_fcgi_length($k) . s6db_fcgi_length($v) . $k . $v;
        }
        // BEGIN_REQUEST (responder, no keep-alive), PARAMS, end of PARAMS, empty STDIN
        Chan\fwrite($conn, s6db_fcgi_record(1, pack('nCx5', 1, 0)) . s6db_fcgi_record(4, $pairs)
            . s6db_fcgi_record(4, '') . s6db_fcgi_record(5, ''), 120);
        $stdout = $stderr = '';
        while (($head = s6db_read_exact($conn, 8, 120)) !== null) {
            $h = unpack('Cversion/Ctype/nid/nlength/Cpadding', $head);
            $content = s6db_read_exact($conn, $h['length'] + $h['padding'], 120) ?? '';
            $content = substr($content, 0, $h['length']);
            if ($h['type'] === 6) {
                $stdout .= $content;
            } elseif ($h['type'] === 7) {
                $stderr .= $content;
            } elseif ($h['type'] === 3) {
                break; // END_REQUEST
            }
        }
    } finally {
        fclose($conn);
    }
    [$headers, $body] = array_pad(explode("\r\n\r\n", $stdout, 2), 2, '');
    $status = preg_match('/^Status:\s*([0-9]{3})/mi', $headers, $m) ? (int) $m[1] : 200;
    if ($stderr !== '') {
        fwrite(STDERR, "php-fpm stderr: $stderr\n");
    }
    return [$status, $body];
}

/** The gateway: an HTTP server on chan that hands every request to php-fpm. */
function s6db_gateway(string $sock, string $script): never
{
    require dirname(__DIR__) . '/examples/http_server.php';
    $server = new HttpServer(fn (array $request): array => s6db_fcgi($sock, $script, $request), '127.0.0.1', 0);
    echo "listening on http://{$server->address()}/ (FastCGI to $sock)\n";
    Chan\run(function () use ($server): void {
        Chan\go('stop_on_signals', $server);
        $server->serve();
    });
    exit(0);
}

// --- php-fpm ------------------------------------------------------------------

/** A private php-fpm with one worker in $dir running $script's queries; [process, socket]. */
function s6db_start_fpm(string $fpm, string $dir, array $dbEnv, int $nofile): array
{
    @mkdir($dir, 0755, true);
    file_put_contents("$dir/php.ini", implode("\n", [
        'extension=mysqlnd', 'extension=mysqli', 'extension=pgsql',
        'error_reporting=-1', 'display_errors=0', 'log_errors=1', 'max_execution_time=60', 'memory_limit=128M', '',
    ]));
    $env = '';
    foreach ($dbEnv + ['S6DB_SLEEP' => (string) S6DB_SLEEP] as $k => $v) {
        $env .= "env[$k] = \"$v\"\n";
    }
    file_put_contents("$dir/fpm.conf", <<<CONF
        [global]
        pid = $dir/fpm.pid
        error_log = $dir/fpm.log
        daemonize = no
        [s6db]
        listen = $dir/fpm.sock
        listen.mode = 0600
        listen.backlog = 4096
        pm = static
        pm.max_children = 1
        pm.max_requests = 0
        request_terminate_timeout = 120
        catch_workers_output = yes
        $env
        CONF);
    // No system php.ini, no conf.d (an empty PHP_INI_SCAN_DIR; proc_open() drops empty variables, env(1) does not).
    $argv = ['env', 'PHP_INI_SCAN_DIR=', $fpm, '-F', '-c', "$dir/php.ini", '-y', "$dir/fpm.conf"];
    if (posix_getuid() === 0) {
        $argv[] = '-R';
    }
    $proc = new S6Proc('php-fpm', $argv, $nofile, listens: false);
    $deadline = microtime(true) + 10;
    while (!(file_exists("$dir/fpm.sock") && str_contains((string) @file_get_contents("$dir/fpm.log"), 'ready to handle connections'))) {
        bench_check($proc->alive() && microtime(true) < $deadline,
            'php-fpm did not start: ' . $proc->stderr() . ' ' . @file_get_contents("$dir/fpm.log"));
        usleep(50000);
    }
    return [$proc, "$dir/fpm.sock"];
}

// --- main ---------------------------------------------------------------------

$opt = getopt('', ['so:', 'runs:', 'loads:', 'targets:', 'pool-mysql:', 'pool-pgsql:', 'pool-plain:', 'fpm:', 'fpm-load:', 'no-fpm',
    'no-control', 'nofile:', 'out:', 'fcgi-gateway:', 'script:']);
if (isset($opt['fcgi-gateway'])) {
    s6db_gateway($opt['fcgi-gateway'], $opt['script']);
}
$root = dirname(__DIR__);
$so = $opt['so'] ?? "$root/.build-release/modules/chan.so";
$runs = (int) ($opt['runs'] ?? 3);
$loads = s6db_loads($opt['loads'] ?? '100:1000,1000:2000');
$pools = ['mysql' => (int) ($opt['pool-mysql'] ?? 1000), 'pgsql' => (int) ($opt['pool-pgsql'] ?? 100)];
$pools['mysql-pdo'] = $pools['mysqli'] = (int) ($opt['pool-plain'] ?? $pools['mysql']);
$targetNames = array_values(array_diff(explode(',', $opt['targets'] ?? 'control,mysql,pgsql,mysql-pdo,mysqli'),
    isset($opt['no-control']) ? ['control'] : []));
bench_check(array_diff($targetNames, ['control', 'mysql', 'pgsql', 'mysql-pdo', 'mysqli']) === [],
    '--targets takes control, mysql, pgsql, mysql-pdo, mysqli');
bench_check(array_diff($targetNames, ['control']) !== [], '--targets names no database');
$plain = array_values(array_intersect($targetNames, ['mysql-pdo', 'mysqli']));
$useMysql = in_array('mysql', $targetNames, true) || $plain !== [];
$usePgsql = in_array('pgsql', $targetNames, true);
// Connections to MariaDB at once: the /mysql pool (opened whenever MariaDB is used), the plain pools, a few more.
$mysqlConnections = $useMysql ? $pools['mysql'] + count($plain) * $pools['mysql-pdo'] : 0;
$phpVersion = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$fpmBin = isset($opt['no-fpm']) ? null : ($opt['fpm'] ?? "/usr/sbin/php-fpm$phpVersion");
$fpmLoad = s6db_loads($opt['fpm-load'] ?? '20:20')[0];
$control = in_array('control', $targetNames, true);
$nofile = (int) ($opt['nofile'] ?? 20000);
$out = $opt['out'] ?? "$root/benchmarks/results/s6db.md";

bench_check(is_file($so), "no chan.so at $so (build it: scripts/build.sh release, or pass --so=PATH)");
bench_check(trim((string) shell_exec('command -v ab 2>/dev/null')) !== '', 'ab is missing (Debian: apt-get install apache2-utils)');
bench_check($fpmBin === null || is_executable($fpmBin), "no php-fpm at $fpmBin (Debian: php$phpVersion-fpm; or --fpm=PATH, --no-fpm)");
bench_check(function_exists('posix_getuid') && function_exists('pcntl_signal'), 'needs ext-posix and ext-pcntl (Debian\'s php-cli has both)');
$extDir = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -n -r "echo ini_get(\'extension_dir\');"'));
foreach (['mysqlnd', 'mysqli', 'pgsql', 'pdo', 'pdo_mysql'] as $ext) {
    bench_check(is_file("$extDir/$ext.so"), "no $ext.so in $extDir (tests/db/servers.sh install)");
}
$hard = trim((string) shell_exec('ulimit -Hn'));
bench_check($hard === 'unlimited' || (int) $hard >= $nofile, "the hard file limit ($hard) is below --nofile=$nofile");
bench_check($pools['pgsql'] <= 190, '--pool-pgsql above 190: tests/db/servers.sh allows PostgreSQL 200 connections');
bench_check($mysqlConnections <= 9000, '--pool-mysql plus the plain pools above 9,000 connections (MariaDB is given at most 9,100)');
bench_check($mysqlConnections + 2 * max(array_column($loads, 0)) < $nofile, "--nofile=$nofile is too few for the MariaDB pools and ab's connections");

// Everything is stopped on the way out: the PHP servers first, then the
// database servers. bench_fail()'s exit and Ctrl-C run this too.
$dbDir = null;
register_shutdown_function(static function () use (&$dbDir, $root): void {
    foreach (S6Proc::$running as $proc) {
        $proc->stop($proc->name === 'php-fpm' ? SIGQUIT : SIGTERM);
    }
    if ($dbDir !== null) {
        exec(escapeshellarg("$root/tests/db/servers.sh") . ' stop ' . escapeshellarg($dbDir) . ' 2>&1', $log);
        fwrite(STDERR, "S6-DB: database servers stopped\n");
    }
});
s6_exit_on_signals();

// The database servers.
$servers = escapeshellarg("$root/tests/db/servers.sh");
$missing = trim((string) shell_exec("$servers missing $phpVersion 2>/dev/null"));
if ($missing !== '') {
    fwrite(STDERR, "S6-DB: installing " . str_replace("\n", ' ', $missing) . "\n");
    exec("$servers install $phpVersion 2>&1", $log, $rc);
    bench_check($rc === 0, "tests/db/servers.sh install failed: " . implode("\n", $log));
}
$dbDir = rtrim((string) shell_exec('mktemp -d ' . escapeshellarg(sys_get_temp_dir() . '/chan-s6db.XXXXXX')));
bench_check(is_dir($dbDir), 'mktemp failed');
fwrite(STDERR, "S6-DB: starting PostgreSQL and MariaDB in $dbDir\n");
[$rc, $log] = s6_sh("exec $servers start " . escapeshellarg($dbDir), $nofile);
bench_check($rc === 0, "tests/db/servers.sh start failed: $log");
$dbEnv = [];
foreach (file("$dbDir/env", FILE_IGNORE_NEW_LINES) as $line) {
    if (preg_match("/^([A-Z_]+)='?(.*?)'?$/", $line, $m)) {
        $dbEnv[$m[1]] = $m[2];
    }
}
$pgBin = dirname(trim((string) shell_exec('ls -d /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1')));
$pgSock = $dbEnv['CHAN_DB_DIR'] . '/pg.run';
$psql = static fn (string $sql): string => trim((string) shell_exec(escapeshellarg("$pgBin/psql") . ' -X -tA -h '
    . escapeshellarg($pgSock) . ' -U chan -d chan -c ' . escapeshellarg($sql) . ' 2>&1'));
$mariadbClient = trim((string) shell_exec('command -v mariadb || command -v mysql'));
$mysqlq = static fn (string $sql): string => trim((string) shell_exec(escapeshellarg($mariadbClient) . ' --no-defaults -N -S '
    . escapeshellarg($dbEnv['CHAN_MYSQL_SOCKET']) . ' -u chan -e ' . escapeshellarg($sql) . ' 2>&1'));

// servers.sh allows MariaDB 2,000 connections: more for this run where the pools need them.
$raised = null;
if ($mysqlConnections > 1900) {
    $raised = $mysqlConnections + 100;
    shell_exec(escapeshellarg($mariadbClient) . ' --no-defaults -S ' . escapeshellarg($dbEnv['CHAN_MYSQL_SOCKET']) . ' -u root -e '
        . escapeshellarg("set global max_connections = $raised") . ' 2>&1');
    bench_check((int) $mysqlq('select @@max_connections') === $raised, "cannot raise MariaDB's max_connections to $raised");
}
$env = s6_environment($so, $root) + [
    'mariadb' => $mysqlq('select version()'),
    'mariadb_max' => $mysqlq('select @@max_connections'),
    'pg' => preg_replace('/^PostgreSQL | on .*$/', '', $psql('select version()')),
    'pg_max' => $psql('show max_connections'),
    'fpm' => $fpmBin ? trim((string) shell_exec(escapeshellarg($fpmBin) . ' -n -v 2>&1 | head -n 1')) : null,
];
fwrite(STDERR, "S6-DB: {$env['mariadb']} (max_connections {$env['mariadb_max']}), {$env['pg']} (max_connections {$env['pg_max']})\n");

// The servers: db_server.php, and S6's server for control.
$phpArgv = ['php', '-n', '-d', "extension=$so", '-d', 'extension=mysqlnd', '-d', 'extension=mysqli', '-d', 'extension=pgsql',
    '-d', 'extension=pdo', '-d', 'extension=pdo_mysql', '-d', 'memory_limit=1G'];
$plainArgs = $plain === [] ? [] : ['--plain=' . implode(',', $plain), "--pool-plain={$pools['mysql-pdo']}"];
$dbArgv = array_merge($phpArgv, ["$root/examples/db_server.php", '--port=0', "--pool-mysql={$pools['mysql']}",
    "--pool-pgsql={$pools['pgsql']}", ...$plainArgs, '--warm', '--sleep=' . S6DB_SLEEP, '--wait=60']);
// A database no target uses gets no DSN, so no pool (db_server.php leaves out an empty one).
$dbServerEnv = ['CHAN_MYSQL_SOCKET' => $useMysql ? $dbEnv['CHAN_MYSQL_SOCKET'] : '', 'CHAN_PG_DSN' => $usePgsql ? $dbEnv['CHAN_PG_DSN'] : '']
    + $dbEnv;
$controlArgv = ['php', '-n', '-d', "extension=$so", "$root/examples/http_server.php", '--port=0', '--delay=' . S6DB_SLEEP];
$rel = static fn (string $p): string => str_starts_with($p, "$root/") ? substr($p, strlen($root) + 1) : $p;
$cmdLine = [
    'db' => "ulimit -n $nofile; " . ($useMysql ? 'CHAN_MYSQL_SOCKET=... ' : '') . ($usePgsql ? 'CHAN_PG_DSN=... ' : '')
        . 'php -n -d extension=' . $rel($so) . ' -d extension=mysqlnd -d extension=mysqli -d extension=pgsql -d extension=pdo '
        . '-d extension=pdo_mysql -d memory_limit=1G examples/db_server.php --port=0 '
        . "--pool-mysql={$pools['mysql']} --pool-pgsql={$pools['pgsql']} " . implode(' ', $plainArgs) . ($plainArgs ? ' ' : '')
        . '--warm --sleep=1 --wait=60',
    'control' => "ulimit -n $nofile; php -n -d extension=" . $rel($so) . ' examples/http_server.php --port=0 --delay=1',
];

fwrite(STDERR, "S6-DB: the queries alone, 5 of each in a row\n");
$alone = s6db_query_alone(['php', '-n', '-d', 'extension=mysqlnd', '-d', 'extension=mysqli', '-d', 'extension=pgsql'], $dbEnv);
fwrite(STDERR, sprintf("  select sleep(1): %.4f s, select pg_sleep(1): %.4f s\n", $alone['mysql'], $alone['pgsql']));
fwrite(STDERR, 'S6-DB: starting examples/db_server.php (pools opened before listening'
    . ($raised !== null ? ", MariaDB's max_connections raised to $raised" : '') . ")\n");
$t0 = microtime(true);
$dbServer = new S6Proc('db_server', $dbArgv, $nofile, $dbServerEnv, 120);
$warm = ['seconds' => microtime(true) - $t0, 'log' => $dbServer->stderr()];
fwrite(STDERR, "  {$warm['log']}\n");
$targets = [];
foreach ($targetNames as $name) {
    $targets[$name] = $name === 'control' ? [new S6Proc('http_server', $controlArgv, $nofile, [], 120), '/'] : [$dbServer, "/$name"];
}
$caps = ['control' => PHP_INT_MAX] + $pools;

$ab = [];
fwrite(STDERR, "S6-DB: ab, $runs round(s) of " . implode(', ', array_map(fn ($l) => "-c {$l[0]} -n {$l[1]}", $loads))
    . ' on ' . implode(', ', array_keys($targets)) . "\n");
for ($round = 0; $round < $runs; $round++) {
    foreach ($loads as [$c, $n]) {
        foreach ($round % 2 === 0 ? $targets : array_reverse($targets, true) as $name => [$server, $path]) {
            $r = s6_ab($server, $path, $c, $n, $nofile, true);
            $ab[$name][$c][] = $r;
            fwrite(STDERR, sprintf("  %-9s -c %4d -n %4d: %7.2f req/s (ceiling %.1f), %d failed, %d non-2xx\n", $name, $c, $n,
                $r['rps'], s6_ab_ceiling($c, $n, S6DB_SLEEP, $caps[$name]), $r['failed'], $r['non2xx']));
            sleep(1); // the closed connections of one run leave before the next
        }
    }
}
$stats = json_decode((string) @file_get_contents("http://{$dbServer->addr}/stats"), true) ?: [];
$dbRss = $dbServer->peakRss();
$dbStderr = $dbServer->stderr();
$rc = $dbServer->stop();
bench_check($rc === 0, "db_server.php exited with $rc: $dbStderr");
if ($control) {
    $targets['control'][0]->stop();
}

// php-fpm with one worker, behind the gateway.
$fpm = [];
if ($fpmBin !== null) {
    [$fc, $fn] = $fpmLoad;
    fwrite(STDERR, "S6-DB: php-fpm with one worker, ab -c $fc -n $fn per database (about " . (2 * $fn) . " s)\n");
    $fpmDir = "$dbDir/fpm";
    [$fpmProc, $fpmSock] = s6db_start_fpm($fpmBin, $fpmDir, array_intersect_key($dbEnv,
        array_flip(['CHAN_PG_DSN', 'CHAN_MYSQL_SOCKET', 'CHAN_MYSQL_USER', 'CHAN_MYSQL_DB'])), $nofile);
    $gateway = new S6Proc('gateway', ['php', '-n', '-d', "extension=$so", __FILE__, "--fcgi-gateway=$fpmSock",
        "--script=$root/benchmarks/s6db_fpm.php"], $nofile, [], 120);
    foreach (['mysql', 'pgsql'] as $name) {
        $fpm[$name] = s6_ab($gateway, "/$name", $fc, $fn, $nofile, true);
        fwrite(STDERR, sprintf("  php-fpm %s -c %d -n %d: %.2f req/s, %d failed\n", $name, $fc, $fn, $fpm[$name]['rps'], $fpm[$name]['failed']));
    }
    $gatewayStderr = $gateway->stderr();
    $gateway->stop();
    $fpmLog = (string) @file_get_contents("$fpmDir/fpm.log");
    $fpmProc->stop(SIGQUIT);
    bench_check(!preg_match('/exited on signal|SIGSEGV/', $fpmLog), "a php-fpm worker died: $fpmLog");
}
$env['load_end'] = bench_loadavg();

// --- the report ----------------------------------------------------------------

$label = [
    'control' => 'no database: examples/http_server.php (S6)',
    'mysql' => 'MariaDB: db_server.php /mysql' . ($plain ? ' (async helper)' : ''),
    'pgsql' => 'PostgreSQL: db_server.php /pgsql',
    'mysql-pdo' => 'MariaDB, plain PDO: db_server.php /mysql-pdo',
    'mysqli' => 'MariaDB, plain mysqli: db_server.php /mysqli',
];
$md = '## ' . ($plain ? 'S6-DB and S6-PDO' : 'S6-DB') . ": HTTP server on a database\n\n";
$md .= "{$env['date']}, load average {$env['load_start']} at the start and {$env['load_end']} at the end, "
    . "{$env['cpus']} CPUs shared by the servers and the client. PHP {$env['php']} (`-n`: opcache off), chan.so {$env['so']}, "
    . "work tree {$env['git']}; {$env['ab']}; {$env['mariadb']} (max_connections {$env['mariadb_max']}), "
    . "PostgreSQL {$env['pg']} (max_connections {$env['pg_max']}), both private (tests/db/servers.sh, Unix sockets); "
    . "net.core.somaxconn {$env['somaxconn']}; file limit $nofile. Each request runs `select sleep(1)` (MariaDB) or "
    . "`select pg_sleep(1)` (PostgreSQL) on a connection of the pool"
    . ($plain ? ': /mysql and /pgsql with the asynchronous helpers of examples/db/async.php (`mysqli_query_co()`, `pg_query_co()`) '
        . 'on the DbPool of examples/db/pool.php; for S6-PDO, ' . implode(' and ', array_map(static fn (string $p): string => "/$p", $plain))
        . " with nothing but the client's own blocking `query()` (PDO MySQL, mysqli) on a ChannelPool, the simplest pool on a "
        . "`Chan\\Channel` (examples/db_server.php), chan's stream hooks doing the cooperation. PostgreSQL through plain PDO is "
        . 'left out: pdo_pgsql (libpq) is not hooked yet (a later issue)' : '')
    . ($raised !== null ? ". MariaDB's max_connections raised to $raised for the run (the pools need $mysqlConnections)" : '') . ".\n\n";
$md .= "Servers:\n\n- db_server.php: `{$cmdLine['db']}` (one process; the pools are opened before it listens: "
    . trim(str_replace("\n", '; ', $warm['log'])) . ")\n";
if ($control) {
    $md .= "- control, S6's server (the same 1 s in `Coroutine::sleep()`, no database): `{$cmdLine['control']}`\n";
}
$md .= "\n";

$rows = [];
$verdicts = [];
foreach ($loads as [$c, $n]) {
    foreach ($targets as $name => $_) {
        $list = $ab[$name][$c];
        $rps = array_column($list, 'rps');
        $median = bench_median($rps);
        usort($list, fn ($a, $b) => $a['rps'] <=> $b['rps']);
        $mid = $list[intdiv(count($list), 2)];
        $ceiling = s6_ab_ceiling($c, $n, S6DB_SLEEP, $caps[$name]);
        $failed = array_sum(array_column($ab[$name][$c], 'failed'));
        $non2xx = array_sum(array_column($ab[$name][$c], 'non2xx'));
        $details = array_values(array_unique(array_filter(array_column($ab[$name][$c], 'failed_detail'),
            fn ($d) => $d !== '' && !preg_match('/^Connect: 0, Receive: 0, Length: 0, Exceptions: 0$/', $d))));
        $pool = $name === 'control' ? '-' : bench_int($pools[$name]);
        $ceilingText = bench_num($ceiling, 1) . ($name !== 'control' && $pools[$name] < $c ? " (pool of {$pools[$name]})" : '');
        $queryTime = $alone[in_array($name, $plain, true) ? 'mysql' : $name] ?? S6DB_SLEEP;
        $measured = s6_ab_ceiling($c, $n, $queryTime, $caps[$name]);
        $rows[] = [
            $label[$name], "`ab -c $c -n $n`", $pool, bench_num($median, 1), $ceilingText, bench_num($median / $ceiling, 3),
            $name === 'control' ? '-' : bench_num($measured, 1) . ' (' . bench_num($median / $measured, 3) . ')',
            $failed . ($details ? ' (' . implode('; ', $details) . ')' : ''), (string) $non2xx,
            s6_ms($mid['p50']) . ' / ' . s6_ms($mid['p99']) . ' / ' . s6_ms($mid['max']),
            sprintf('%.0f%%', 100 * $mid['cpu'] / max($mid['wall'], 1e-9)),
            bench_spread($rps) . ' (' . count($rps) . ')',
        ];
        if ($name !== 'control') {
            $ok = $median / $ceiling >= 0.99 && $failed === 0 && $non2xx === 0;
            $async = in_array($name, $plain, true) && isset($ab['mysql'][$c]) ? bench_median(array_column($ab['mysql'][$c], 'rps')) : null;
            $verdicts[] = sprintf('%s `ab -c %d -n %d`: %s, %.3f of %.1f req/s%s, %d failed, %d non-2xx (%.3f of the ceiling '
                . 'at the query\'s own %.4f s)%s.', $label[$name], $c, $n,
                $ok ? '**met**' : '**missed**', $median / $ceiling, $ceiling,
                $pools[$name] < $c ? " (the ceiling of a pool of {$pools[$name]})" : " (ab's ceiling)",
                $failed, $non2xx, $median / $measured, $queryTime,
                $async !== null ? sprintf('; %.3f of the async helper\'s %.1f req/s in the same run', $median / $async, $async) : '');
        }
    }
}
$md .= "### ab (no keep-alive)\n\n";
$md .= bench_table(['server', 'load', 'pool', 'requests/s (median)', 'ceiling', 'ratio to ceiling',
    'ceiling at the query\'s own time (ratio)', 'failed requests (all runs)',
    'non-2xx (all runs)', 'latency ms: 50% / 99% / max', 'server CPU / wall', 'spread (runs)'], $rows);
$md .= "\nCommand: `ab -q -c C -n N http://127.0.0.1:PORT/PATH`, the targets in turn, $runs round(s); latencies and CPU are those "
    . "of the median run (the CPU of db_server.php is its own, not the database servers'). Ceiling = N / (1 + ceil((N - 1) / "
    . "min(C, P))) req/s for a 1 s query: ab sends its first request alone, and a pool of P connections runs at most P queries "
    . "at once. PostgreSQL's pool of {$pools['pgsql']}: each of its connections is a server process (servers.sh allows "
    . "{$env['pg_max']}); MariaDB's pool of {$pools['mysql']}" . ($pools['mysql'] >= max(array_column($loads, 0)) ? ' is as large as the largest load' : '')
    . ($plain ? "; each plain handler's pool: {$pools['mysql-pdo']}" : '') . ". Targets (99% of the ceiling, "
    . "0 failed):\n\n- " . implode("\n- ", $verdicts) . "\n\n"
    . sprintf("The queries alone (5 in a row on one connection with PHP's blocking calls, median): `select sleep(1)` %.4f s, "
        . "`select pg_sleep(1)` %.4f s. The column \"ceiling at the query's own time\" puts that in place of the 1 s: "
        . "what the database itself allows.\n\n", $alone['mysql'], $alone['pgsql'])
    . "Why MariaDB misses 0.99 at `-c 1000` when it meets it at `-c 100`, and why no server reaches 0.99 there with ab on "
    . "this machine: [s6db_c1000.md](s6db_c1000.md) (`benchmarks/s6db/c1000.sh`).\n\n";

$rows = [];
foreach (['mysql', 'pgsql', 'mysql-pdo', 'mysqli'] as $name) {
    $s = $stats[$name] ?? null;
    if ($s === null) {
        continue;
    }
    $rows[] = [$label[$name], bench_int($s['size']), bench_int($s['peak']), bench_int($s['connects']), bench_int($s['reused']),
        bench_int($s['waits']), bench_int($s['timeouts']), bench_int($s['discarded']),
        isset($s['broken']) ? bench_int($s['broken']) : '-'];
}
$md .= "### The pools after all runs\n\n";
$md .= bench_table(['pool', 'size', 'most open at once', 'connects', 'lent again', 'borrowers that waited', 'timed out',
    'closed as unfit', 'found dead'], $rows);
$md .= "\nFrom `GET /stats` at the end" . ($plain ? ' (a ChannelPool closes no connection as unfit: a failed query drops its '
    . 'connection, counted as closed; it does not look for dead ones)' : '') . ". db_server.php's peak RSS: "
    . bench_num($dbRss / 1048576, 0) . " MiB.\n";

if ($fpm) {
    [$fc, $fn] = $fpmLoad;
    $rows = [];
    foreach ($fpm as $name => $r) {
        $ceiling = s6_ab_ceiling($fc, $fn, S6DB_SLEEP, 1);
        $rows[] = ["php-fpm, one worker: $name", "`ab -c $fc -n $fn`", bench_num($r['rps'], 2), bench_num($ceiling, 2),
            $r['failed'] . ($r['failed'] ? " ({$r['failed_detail']})" : ''), (string) $r['non2xx'],
            s6_ms($r['p50']) . ' / ' . s6_ms($r['p99']) . ' / ' . s6_ms($r['max'])];
    }
    $md .= "\n### For contrast: php-fpm with one worker\n\n";
    $md .= bench_table(['server', 'load', 'requests/s', 'ceiling of one worker', 'failed requests', 'non-2xx',
        'latency ms: 50% / 99% / max'], $rows);
    $md .= "\n{$env['fpm']}, `pm = static`, `pm.max_children = 1`, its own php.ini (mysqlnd, mysqli, pgsql; opcache off), "
        . "running benchmarks/s6db_fpm.php: a new connection per request, then the same query with PHP's blocking calls "
        . "(`mysqli::query()`, `pg_query()`), so the worker serves one request per second whatever the load. ab speaks HTTP "
        . "and php-fpm FastCGI: between them, a gateway on chan (`php benchmarks/s6db.php --fcgi-gateway=SOCK`: "
        . "examples/http_server.php handing every request to php-fpm's socket), which adds milliseconds to a 1 s request. "
        . "Ceiling of one worker: 1 req/s (" . bench_num(s6_ab_ceiling($fc, $fn, S6DB_SLEEP, 1), 2) . " with ab's first request alone). "
        . "The published experiment (BENCHMARKS.md): 1 req/s for one php-fpm worker, against 99.4 and 987.7 req/s "
        . "(153 failed) for its pool on channels.\n";
}

$warnings = [];
foreach (['db_server.php' => $dbStderr, 'the gateway' => $gatewayStderr ?? ''] as $who => $text) {
    $text = trim((string) preg_replace('/^(signal [0-9]+: stopping|[a-z-]+: [0-9]+ connections open in [0-9.]+ s)$/m', '', $text));
    if ($text !== '') {
        $warnings[] = "$who wrote to stderr: " . substr($text, 0, 1000);
    }
}
s6_write_report($md, $warnings, $out);
