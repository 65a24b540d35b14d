<?php
/**
 * Hooks (issue 25): PHP's own blocking calls in coroutines. For each
 * client below, 20 coroutines (Chan\go() in a Chan\Group inside Chan\run())
 * each make ONE call that takes 0.5 s on the server, with PHP's ordinary
 * blocking functions and no chan API in the call; the target is that they
 * finish in well under the serial 10 s (bound 2.5 s), each with its own
 * value back. Beside it, in the same process, the same calls made one after
 * another in main with the hooks off (ini_set('chan.hooks', 'none')): the
 * serial time, measured (--serial calls, scaled to 20 when fewer), made
 * first, so that it also loads the client's classes before the timed
 * concurrent runs.
 *
 * The calls (each coroutine opens its own connection, makes the call, closes):
 *
 *   usleep      usleep(500000)
 *   shell_exec  shell_exec('sleep 0.5; echo ID')
 *   proc_open   proc_open() of sh -c 'sleep 0.5; cat', ID written to its
 *               stdin, read back from its stdout, proc_close()
 *   dns         gethostbyname('ID.hooks.test') against a private resolver
 *               (this file with --dns-server: plain PHP on udp 127.0.0.54:53,
 *               answering each A query with 127.0.0.1 0.5 s after it came);
 *               the client runs in a mount namespace of its own
 *               (unshare -m) whose /etc/resolv.conf names only that server,
 *               so the machine's resolver is never asked. Skipped where
 *               port 53 or unshare is not to be had (not root)
 *   fsockopen   fsockopen() + fwrite("ID\n") + fgets() on a private TCP
 *               line server (this file with --line-server: a stream_select()
 *               loop in plain PHP, no chan, answering each line with itself
 *               0.5 s after it came, any number of connections at once)
 *   http        file_get_contents('http://ADDR/hooks/ID') on
 *               examples/http_server.php --delay=0.5 (a chan server; its
 *               handler waits in Coroutine::sleep())
 *   guzzle      Guzzle's get() with its StreamHandler (no curl), one client
 *               shared by the coroutines, on the same server
 *   mysqli      `select sleep(0.5), 'ID'` on a private MariaDB
 *   pdo         the same with PDO MySQL
 *   dbal        the same with Doctrine DBAL on pdo_mysql (a bound parameter)
 *   phpredis    RPUSH hooks:requests ID, then BLPOP hooks:reply:ID on a
 *               private redis-server: a worker (this file with
 *               --redis-worker: plain PHP and phpredis, no chan, one
 *               connection) pushes ID to hooks:reply:ID 0.5 s after it
 *               popped the request, so the BLPOP waits 0.5 s in the server
 *   predis      the same with Predis (pure PHP on stream_socket_client())
 *
 * A call is right when it gives back its own ID ("hello: GET /hooks/ID\n"
 * for HTTP) and took at least 0.45 s (a call that came back sooner did not
 * wait for the server). Every client runs in its own process,
 *
 *   php -d extension=SO -d default_socket_timeout=10 benchmarks/hooks.php --client=NAME ...
 *
 * with the machine's php.ini (Debian's conf.d loads mysqli, pdo_mysql,
 * redis), so that a client that fails or crashes does not stop the others;
 * it is killed after 60 s + 20 s per run. The servers are private:
 * MariaDB from tests/db/servers.sh start DIR (Unix socket), redis-server
 * on a Unix socket in a temporary directory (no TCP port, nothing saved),
 * the line and HTTP servers on 127.0.0.1; all are stopped at the end, on
 * failure and on Ctrl-C. Only the servers a selected client needs start.
 *
 *   php benchmarks/hooks.php [--so=PATH] [--runs=3] [--serial=20]
 *       [--only=usleep,shell_exec,proc_open,dns,fsockopen,http,guzzle,mysqli,pdo,dbal,phpredis,predis]
 *       [--out=benchmarks/results/hooks.md]
 *
 *   --so      chan.so (default .build-release/modules/chan.so, from
 *             scripts/build.sh release)
 *   --runs    concurrent runs per client; the table shows their median
 *   --serial  calls made serially with the hooks off, 1 to 20; the serial
 *             column is their time scaled to 20 calls
 *   --out=-   stdout only (the default)
 *
 * Needs mariadb-server, redis-server, php8.2-mysql, php8.2-redis, php-predis,
 * php-doctrine-dbal and php-guzzlehttp-guzzle (scripts/setup.sh); a client
 * whose extension or library is missing is listed as skipped. Takes about
 * 12 s per client with the defaults (10 s of it the serial calls), plus a
 * few seconds to start MariaDB: about 2 minutes in all.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s6lib.php';

/** Coroutines, and calls made serially at most. */
const HOOKS_N = 20;
/** Seconds each call waits for its server. */
const HOOKS_DELAY = 0.5;
/** The target for 20 concurrent calls, in seconds. */
const HOOKS_BOUND = 2.5;
/** A call that took less did not wait for its server. */
const HOOKS_CALL_MIN = 0.45;

/**
 * The clients: label, the server it needs, the PHP extensions and the
 * autoloader (Debian's path) it needs, the Debian package of its library.
 */
const HOOKS_CLIENTS = [
    'usleep' => ['label' => 'usleep(500000)', 'server' => null, 'ext' => [], 'autoload' => null, 'deb' => null],
    'shell_exec' => ['label' => "shell_exec('sleep 0.5; echo ID')", 'server' => null, 'ext' => [], 'autoload' => null,
        'deb' => null],
    'proc_open' => ['label' => "proc_open(sh -c 'sleep 0.5; cat'): write ID, read it back, proc_close", 'server' => null,
        'ext' => [], 'autoload' => null, 'deb' => null],
    'dns' => ['label' => "gethostbyname('ID.hooks.test'), private resolver", 'server' => 'dns', 'ext' => [],
        'autoload' => null, 'deb' => null],
    'fsockopen' => ['label' => 'fsockopen + fwrite/fgets, TCP line server', 'server' => 'line', 'ext' => [], 'autoload' => null,
        'deb' => null],
    'http' => ['label' => "file_get_contents('http://...'), examples/http_server.php", 'server' => 'http', 'ext' => [],
        'autoload' => null, 'deb' => null],
    'guzzle' => ['label' => 'Guzzle get(), StreamHandler, same server', 'server' => 'http', 'ext' => [],
        'autoload' => '/usr/share/php/GuzzleHttp/autoload.php', 'deb' => 'php-guzzlehttp-guzzle'],
    'mysqli' => ['label' => "mysqli: select sleep(0.5), 'ID'", 'server' => 'mysql', 'ext' => ['mysqli'], 'autoload' => null,
        'deb' => null],
    'pdo' => ['label' => "PDO MySQL: select sleep(0.5), 'ID'", 'server' => 'mysql', 'ext' => ['pdo_mysql'], 'autoload' => null,
        'deb' => null],
    'dbal' => ['label' => 'Doctrine DBAL (pdo_mysql): select sleep(0.5), ?', 'server' => 'mysql', 'ext' => ['pdo_mysql'],
        'autoload' => '/usr/share/php/Doctrine/DBAL/autoload.php', 'deb' => 'php-doctrine-dbal'],
    'phpredis' => ['label' => 'phpredis: RPUSH + BLPOP (reply after 0.5 s)', 'server' => 'redis', 'ext' => ['redis'],
        'autoload' => null, 'deb' => 'php8.2-redis'],
    'predis' => ['label' => 'Predis: RPUSH + BLPOP (reply after 0.5 s)', 'server' => 'redis', 'ext' => [],
        'autoload' => '/usr/share/php/Predis/autoload.php', 'deb' => 'php-predis'],
];

// --- the servers --------------------------------------------------------------

/**
 * The TCP line server (--line-server=ADDRFILE, plain PHP): answers every
 * line with itself HOOKS_DELAY s after it came, on any number of
 * connections at once; writes "127.0.0.1:PORT" to ADDRFILE once it listens.
 */
function hooks_line_server(string $addrFile): never
{
    $server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
    bench_check($server !== false, "line server: cannot listen: $errstr");
    stream_set_blocking($server, false);
    file_put_contents("$addrFile.tmp", stream_socket_get_name($server, false));
    rename("$addrFile.tmp", $addrFile);
    $conns = [];
    $buffers = [];
    $due = []; // [time, connection id, line], in time order (the delay is constant)
    while (true) {
        $now = microtime(true);
        while ($due !== [] && $due[0][0] <= $now) {
            [, $id, $line] = array_shift($due);
            if (isset($conns[$id])) {
                @fwrite($conns[$id], $line);
            }
        }
        $read = $conns;
        $read['server'] = $server;
        $write = $except = null;
        $wait = $due !== [] ? max(0.0, $due[0][0] - microtime(true)) : 1.0;
        if (@stream_select($read, $write, $except, (int) $wait, (int) (fmod($wait, 1.0) * 1e6)) === false) {
            continue;
        }
        foreach ($read as $key => $s) {
            if ($key === 'server') {
                while (($c = @stream_socket_accept($server, 0)) !== false) {
                    $conns[(int) $c] = $c;
                    $buffers[(int) $c] = '';
                }
                continue;
            }
            $data = fread($s, 8192);
            if ($data === false || $data === '') {
                if ($data === false || feof($s)) {
                    fclose($s);
                    unset($conns[$key], $buffers[$key]);
                }
                continue;
            }
            $buffers[$key] .= $data;
            while (($p = strpos($buffers[$key], "\n")) !== false) {
                $due[] = [microtime(true) + HOOKS_DELAY, $key, substr($buffers[$key], 0, $p + 1)];
                $buffers[$key] = substr($buffers[$key], $p + 1);
            }
        }
    }
}

/**
 * The private resolver (--dns-server=READYFILE, plain PHP): UDP on
 * 127.0.0.54:53; answers every query HOOKS_DELAY s after it came, an A
 * query with 127.0.0.1 (TTL 0), any other with no record; touches
 * READYFILE once it listens.
 */
function hooks_dns_server(string $readyFile): never
{
    $server = stream_socket_server('udp://127.0.0.54:53', $errno, $errstr, STREAM_SERVER_BIND);
    bench_check($server !== false, "dns server: cannot listen on 127.0.0.54:53: $errstr");
    stream_set_blocking($server, false);
    touch($readyFile);
    $due = []; // [time, peer, answer], in time order
    while (true) {
        $now = microtime(true);
        while ($due !== [] && $due[0][0] <= $now) {
            [, $peer, $answer] = array_shift($due);
            @stream_socket_sendto($server, $answer, 0, $peer);
        }
        $read = [$server];
        $write = $except = null;
        $wait = $due !== [] ? max(0.0, $due[0][0] - microtime(true)) : 1.0;
        if (@stream_select($read, $write, $except, (int) $wait, (int) (fmod($wait, 1.0) * 1e6)) < 1) {
            continue;
        }
        while (($query = @stream_socket_recvfrom($server, 512, 0, $peer)) !== false && $query !== '') {
            // the question: labels up to a zero byte, then type and class
            $end = 12;
            while ($end < strlen($query) && ord($query[$end]) !== 0) {
                $end += ord($query[$end]) + 1;
            }
            if (strlen($query) < $end + 5) {
                continue;
            }
            $question = substr($query, 12, $end + 5 - 12);
            $isA = unpack('n', substr($query, $end + 1, 2))[1] === 1;
            $answer = substr($query, 0, 2) . pack('nnnnn', 0x8180, 1, $isA ? 1 : 0, 0, 0) . $question;
            if ($isA) {
                $answer .= pack('nnnNn', 0xC00C, 1, 1, 0, 4) . inet_pton('127.0.0.1');
            }
            $due[] = [microtime(true) + HOOKS_DELAY, $peer, $answer];
        }
    }
}

/**
 * The Redis worker (--redis-worker=SOCK, plain PHP and phpredis, one
 * connection): pops IDs from hooks:requests and pushes each to
 * hooks:reply:ID HOOKS_DELAY s after it popped it. Touches --ready=FILE
 * once it is connected.
 */
function hooks_redis_worker(string $sock, string $readyFile): never
{
    $redis = new Redis();
    $redis->connect($sock);
    $redis->del('hooks:requests');
    touch($readyFile);
    $due = []; // [time, ID], in time order
    while (true) {
        $now = microtime(true);
        while ($due !== [] && $due[0][0] <= $now) {
            [, $id] = array_shift($due);
            $redis->rPush("hooks:reply:$id", $id);
            $redis->expire("hooks:reply:$id", 60);
        }
        // Redis takes a timeout in seconds with decimals; it ends a BLPOP
        // on its timeout within 1/hz s (--hz 100: 10 ms, not 100 ms).
        $wait = $due !== [] ? max(0.001, $due[0][0] - microtime(true)) : 1.0;
        $got = $redis->rawCommand('BLPOP', 'hooks:requests', sprintf('%.3f', $wait));
        if (is_array($got) && count($got) === 2) {
            $due[] = [microtime(true) + HOOKS_DELAY, (string) $got[1]];
        }
    }
}

// --- a client process (--client=NAME) ------------------------------------------

/**
 * The call of client $name: a closure that makes it for ID $id and returns
 * what came back (its ID when right), and a description of the library.
 *
 * @return array{0: Closure(string): ?string, 1: string}
 */
function hooks_call(string $name, array $ctx): array
{
    $spec = HOOKS_CLIENTS[$name];
    foreach ($spec['ext'] as $ext) {
        bench_check(extension_loaded($ext), "ext-$ext is not loaded");
    }
    if ($spec['autoload'] !== null) {
        require_once $spec['autoload'];
    }
    $mysql = static fn (): array => [$ctx['mysql']['CHAN_MYSQL_SOCKET'], $ctx['mysql']['CHAN_MYSQL_USER'],
        $ctx['mysql']['CHAN_MYSQL_DB']];
    switch ($name) {
        case 'usleep':
            return [static function (string $id): string {
                usleep((int) (HOOKS_DELAY * 1e6));
                return $id;
            }, 'PHP ' . PHP_VERSION];
        case 'shell_exec':
            return [static function (string $id): ?string {
                $out = shell_exec('sleep ' . HOOKS_DELAY . '; echo ' . escapeshellarg($id));
                return is_string($out) ? rtrim($out, "\n") : null;
            }, 'PHP ' . PHP_VERSION];
        case 'proc_open':
            return [static function (string $id): ?string {
                $p = proc_open(['sh', '-c', 'sleep ' . HOOKS_DELAY . '; cat'], [['pipe', 'r'], ['pipe', 'w']], $pipes);
                if ($p === false) {
                    throw new RuntimeException('proc_open failed');
                }
                fwrite($pipes[0], $id);
                fclose($pipes[0]);
                $out = stream_get_contents($pipes[1]);
                fclose($pipes[1]);
                $status = proc_close($p);
                return $status === 0 && is_string($out) ? $out : null;
            }, 'PHP ' . PHP_VERSION];
        case 'dns':
            return [static function (string $id): ?string {
                $ip = gethostbyname("$id.hooks.test");
                return $ip === '127.0.0.1' ? $id : $ip;
            }, 'PHP ' . PHP_VERSION];
        case 'fsockopen':
            [$host, $port] = explode(':', $ctx['line']);
            return [static function (string $id) use ($host, $port): ?string {
                $s = fsockopen($host, (int) $port, $errno, $errstr, 5);
                if ($s === false) {
                    throw new RuntimeException("fsockopen: $errstr");
                }
                stream_set_timeout($s, 10);
                fwrite($s, "$id\n");
                $line = fgets($s);
                fclose($s);
                return $line === false ? null : rtrim($line, "\n");
            }, 'PHP ' . PHP_VERSION];
        case 'http':
            $addr = $ctx['http'];
            return [static function (string $id) use ($addr): ?string {
                $body = file_get_contents("http://$addr/hooks/$id");
                return $body === "hello: GET /hooks/$id\n" ? $id : ($body === false ? null : $body);
            }, 'PHP ' . PHP_VERSION];
        case 'guzzle':
            $addr = $ctx['http'];
            $client = new GuzzleHttp\Client(['handler' => GuzzleHttp\HandlerStack::create(new GuzzleHttp\Handler\StreamHandler()),
                'timeout' => 10]);
            return [static function (string $id) use ($client, $addr): ?string {
                $body = (string) $client->get("http://$addr/hooks/$id")->getBody();
                return $body === "hello: GET /hooks/$id\n" ? $id : $body;
            }, 'Guzzle ' . GuzzleHttp\ClientInterface::MAJOR_VERSION];
        case 'mysqli':
            [$sock, $user, $db] = $mysql();
            mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
            $m = new mysqli('localhost', $user, '', $db, 0, $sock);
            $version = mysqli_get_client_info() . ', MariaDB ' . $m->server_info;
            $m->close();
            return [static function (string $id) use ($sock, $user, $db): ?string {
                $m = new mysqli('localhost', $user, '', $db, 0, $sock);
                $row = $m->query("select sleep(0.5), '$id'")->fetch_row();
                $m->close();
                return (string) $row[0] === '0' ? (string) $row[1] : null;
            }, $version];
        case 'pdo':
            [$sock, $user, $db] = $mysql();
            return [static function (string $id) use ($sock, $user, $db): ?string {
                $pdo = new PDO("mysql:unix_socket=$sock;dbname=$db", $user, '', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
                $row = $pdo->query("select sleep(0.5), '$id'")->fetch(PDO::FETCH_NUM);
                $pdo = null;
                return (string) $row[0] === '0' ? (string) $row[1] : null;
            }, 'pdo_mysql ' . phpversion('pdo_mysql')];
        case 'dbal':
            [$sock, $user, $db] = $mysql();
            return [static function (string $id) use ($sock, $user, $db): ?string {
                $conn = Doctrine\DBAL\DriverManager::getConnection(['driver' => 'pdo_mysql', 'unix_socket' => $sock,
                    'user' => $user, 'password' => '', 'dbname' => $db]);
                $row = $conn->fetchNumeric('select sleep(0.5), ?', [$id]);
                $conn->close();
                return is_array($row) && (string) $row[0] === '0' ? (string) $row[1] : null;
            }, 'Doctrine DBAL'];
        case 'phpredis':
            $sock = $ctx['redis'];
            return [static function (string $id) use ($sock): ?string {
                $redis = new Redis();
                $redis->connect($sock);
                $redis->rPush('hooks:requests', $id);
                $got = $redis->blPop(["hooks:reply:$id"], 5);
                $redis->close();
                return is_array($got) ? (string) ($got[1] ?? '') : null;
            }, 'phpredis ' . phpversion('redis')];
        case 'predis':
            $sock = $ctx['redis'];
            return [static function (string $id) use ($sock): ?string {
                $redis = new Predis\Client(['scheme' => 'unix', 'path' => $sock, 'read_write_timeout' => 10]);
                $redis->rpush('hooks:requests', [$id]);
                $got = $redis->blpop(["hooks:reply:$id"], 5);
                $redis->disconnect();
                return is_array($got) ? (string) ($got[1] ?? '') : null;
            }, 'Predis ' . Predis\Client::VERSION];
    }
    bench_fail("unknown client $name");
}

/**
 * One call, timed: ['ok' => right value back, 't' => seconds, 'err' => ?string].
 *
 * @param Closure(string): ?string $call
 */
function hooks_one(Closure $call, string $id): array
{
    $t0 = hrtime(true);
    try {
        $got = $call($id);
        $err = $got === $id ? null : 'got ' . var_export($got, true);
    } catch (Throwable $e) {
        $err = get_class($e) . ': ' . $e->getMessage();
    }
    return ['ok' => $err === null, 't' => (hrtime(true) - $t0) / 1e9, 'err' => $err];
}

/** Sums up a list of hooks_one() results. */
function hooks_summary(array $calls, float $wall): array
{
    $times = array_column($calls, 't');
    $errors = array_values(array_unique(array_filter(array_column($calls, 'err'))));
    return [
        'wall' => $wall,
        'calls' => count($calls),
        'right' => count(array_filter($calls, static fn (array $c): bool => $c['ok'] && $c['t'] >= HOOKS_CALL_MIN)),
        'wrong' => count(array_filter($calls, static fn (array $c): bool => !$c['ok'])),
        'fast' => count(array_filter($calls, static fn (array $c): bool => $c['ok'] && $c['t'] < HOOKS_CALL_MIN)),
        'min' => $times === [] ? 0.0 : min($times),
        'max' => $times === [] ? 0.0 : max($times),
        'errors' => array_slice($errors, 0, 3),
    ];
}

/** A client process: the serial calls, then --runs concurrent runs; one line of JSON. */
function hooks_client(string $name, int $runs, int $serial, array $ctx): never
{
    bench_check(extension_loaded('chan'), 'chan is not loaded (php -d extension=SO)');
    $hooks = Chan\hooks();
    [$call, $version] = hooks_call($name, $ctx);
    $out = ['hooks' => $hooks, 'version' => $version];

    // Serial, hooks off, in main with no coroutine.
    $old = ini_set('chan.hooks', 'none');
    bench_check($old !== false && Chan\hooks() === [], "ini_set('chan.hooks', 'none') did not turn the hooks off");
    $calls = [];
    $t0 = hrtime(true);
    for ($i = 0; $i < $serial; $i++) {
        $calls[] = hooks_one($call, "s-$i");
    }
    $out['serial'] = hooks_summary($calls, (hrtime(true) - $t0) / 1e9);
    ini_set('chan.hooks', $old);
    bench_check(Chan\hooks() === $hooks, 'the hooks did not come back on');

    // Concurrent: 20 coroutines, one call each.
    $out['concurrent'] = [];
    for ($run = 1; $run <= $runs; $run++) {
        gc_collect_cycles();
        $t0 = hrtime(true);
        $calls = Chan\run(static function () use ($call, $run): array {
            $group = new Chan\Group();
            for ($i = 0; $i < HOOKS_N; $i++) {
                $group->go('hooks_one', $call, "r$run-$i");
            }
            return $group->wait();
        });
        $out['concurrent'][] = hooks_summary($calls, (hrtime(true) - $t0) / 1e9);
    }
    echo json_encode($out), "\n";
    exit(0);
}

/**
 * Runs client $name in its own process: [exit code, decoded JSON or null,
 * stdout, stderr]; killed after $limit s.
 */
function hooks_run_client(array $argv, float $limit): array
{
    $proc = proc_open($argv, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    bench_check(is_resource($proc), 'cannot start ' . implode(' ', $argv));
    stream_set_blocking($pipes[1], false);
    stream_set_blocking($pipes[2], false);
    $stdout = $stderr = '';
    $deadline = microtime(true) + $limit;
    $killed = false;
    while (true) {
        $read = [$pipes[1], $pipes[2]];
        $w = $e = null;
        @stream_select($read, $w, $e, 0, 200000);
        $stdout .= (string) stream_get_contents($pipes[1]);
        $stderr .= (string) stream_get_contents($pipes[2]);
        $status = proc_get_status($proc);
        if (!$status['running']) {
            $code = $status['signaled'] ? 128 + $status['termsig'] : $status['exitcode'];
            break;
        }
        if (microtime(true) > $deadline && !$killed) {
            proc_terminate($proc, SIGKILL);
            $killed = true;
        }
    }
    $stdout .= (string) stream_get_contents($pipes[1]);
    $stderr .= (string) stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    proc_close($proc);
    $json = json_decode(trim((string) preg_replace('/^.*\n(?=\{)/s', '', trim($stdout))), true);
    return [$killed ? -9 : $code, is_array($json) ? $json : null, $stdout, $stderr . ($killed ? "\n(killed after $limit s)" : '')];
}

/** Version of a Debian package, or null. */
function hooks_deb_version(string $package): ?string
{
    $v = trim((string) shell_exec('dpkg-query -W -f=\'${Version}\' ' . escapeshellarg($package) . ' 2>/dev/null'));
    return $v === '' ? null : $v;
}

/** Waits up to $seconds for $check() to hold; fails with $what otherwise. */
function hooks_wait_for(callable $check, float $seconds, string $what, ?S6Proc $proc = null): void
{
    $deadline = microtime(true) + $seconds;
    while (!$check()) {
        bench_check(microtime(true) < $deadline && ($proc === null || $proc->alive()),
            "$what" . ($proc !== null ? ': ' . $proc->stderr() : ''));
        usleep(20000);
    }
}

// --- main -----------------------------------------------------------------------

$opt = getopt('', ['so:', 'runs:', 'serial:', 'only:', 'out:', 'help', 'client:', 'ctx:', 'line-server:', 'redis-worker:', 'dns-server:',
    'ready:']);
if (isset($opt['help'])) {
    bench_usage(__FILE__, 0);
}
if (isset($opt['line-server'])) {
    hooks_line_server($opt['line-server']);
}
if (isset($opt['dns-server'])) {
    hooks_dns_server($opt['dns-server']);
}
if (isset($opt['redis-worker'])) {
    hooks_redis_worker($opt['redis-worker'], $opt['ready']);
}
if (isset($opt['client'])) {
    hooks_client($opt['client'], (int) ($opt['runs'] ?? 3), (int) ($opt['serial'] ?? HOOKS_N),
        (array) json_decode((string) ($opt['ctx'] ?? '{}'), true));
}

$root = dirname(__DIR__);
$so = $opt['so'] ?? "$root/.build-release/modules/chan.so";
$runs = max(1, (int) ($opt['runs'] ?? 3));
$serial = (int) ($opt['serial'] ?? HOOKS_N);
$out = $opt['out'] ?? '-';
$only = isset($opt['only']) ? array_map('trim', explode(',', $opt['only'])) : array_keys(HOOKS_CLIENTS);

bench_check(is_file($so), "no chan.so at $so (build it: scripts/build.sh release, or pass --so=PATH)");
bench_check($serial >= 1 && $serial <= HOOKS_N, '--serial must be 1 to ' . HOOKS_N);
foreach ($only as $name) {
    bench_check(isset(HOOKS_CLIENTS[$name]), "unknown client '$name' in --only (" . implode(', ', array_keys(HOOKS_CLIENTS)) . ')');
}
bench_check(function_exists('pcntl_signal') && function_exists('posix_getuid'), 'needs ext-pcntl and ext-posix (Debian\'s php-cli has both)');

// What the client processes' PHP (the machine's php.ini) loads, and the
// clients that cannot run here.
$childExts = json_decode((string) shell_exec('php -r ' . escapeshellarg('echo json_encode(get_loaded_extensions());')), true);
bench_check(is_array($childExts), 'cannot run php');
$childExts = array_map('strtolower', $childExts);
$skipped = [];
foreach ($only as $name) {
    $spec = HOOKS_CLIENTS[$name];
    foreach ($spec['ext'] as $ext) {
        if (!in_array($ext, $childExts, true)) {
            $skipped[$name] = "ext-$ext is not loaded by the machine's php.ini";
        }
    }
    if ($spec['autoload'] !== null && !is_file($spec['autoload'])) {
        $skipped[$name] = "no {$spec['autoload']}" . ($spec['deb'] ? " ({$spec['deb']}: scripts/setup.sh)" : '');
    }
}
$needed = [];
foreach ($only as $name) {
    if (!isset($skipped[$name]) && HOOKS_CLIENTS[$name]['server'] !== null) {
        $needed[HOOKS_CLIENTS[$name]['server']] = true;
    }
}

// Everything is stopped on the way out; bench_fail()'s exit and Ctrl-C run this too.
$dbDir = null;
$tmp = rtrim((string) shell_exec('mktemp -d ' . escapeshellarg(sys_get_temp_dir() . '/chan-hooks.XXXXXX')));
bench_check(is_dir($tmp), 'mktemp failed');
register_shutdown_function(static function () use (&$dbDir, $root, $tmp): void {
    foreach (S6Proc::$running as $proc) {
        $proc->stop();
    }
    if ($dbDir !== null) {
        exec(escapeshellarg("$root/tests/db/servers.sh") . ' stop ' . escapeshellarg($dbDir) . ' 2>&1', $log);
        fwrite(STDERR, "hooks: database servers stopped\n");
    }
    exec('rm -rf ' . escapeshellarg($tmp));
});
s6_exit_on_signals();

$date = gmdate('Y-m-d H:i') . ' UTC';
$loadStart = bench_loadavg();
$ctx = [];
$serverCmd = [];
if (isset($needed['line'])) {
    $addrFile = "$tmp/line.addr";
    $proc = new S6Proc('line server', ['php', '-n', __FILE__, "--line-server=$addrFile"], 1024, listens: false);
    hooks_wait_for(static fn (): bool => is_file($addrFile), 10, 'the line server did not start', $proc);
    $ctx['line'] = trim((string) file_get_contents($addrFile));
    $serverCmd['line'] = 'php -n benchmarks/hooks.php --line-server=ADDRFILE';
}
if (isset($needed['dns'])) {
    $why = null;
    if (trim((string) shell_exec('command -v unshare 2>/dev/null')) === '' || (function_exists('posix_geteuid') && posix_geteuid() !== 0)) {
        $why = 'needs root and unshare(1), for a resolv.conf of its own';
    } else {
        $ready = "$tmp/dns.ready";
        $proc = new S6Proc('dns server', ['php', '-n', __FILE__, "--dns-server=$ready"], 1024, listens: false);
        hooks_wait_for(static fn (): bool => is_file($ready), 10, 'the dns server did not start', $proc);
        file_put_contents("$tmp/resolv.conf", "nameserver 127.0.0.54\noptions timeout:5 attempts:1\n");
        $ctx['resolv'] = "$tmp/resolv.conf";
        $serverCmd['dns'] = 'php -n benchmarks/hooks.php --dns-server=READYFILE; client under unshare -m with /etc/resolv.conf '
            . 'bind-mounted: "nameserver 127.0.0.54"';
    }
    if ($why !== null) {
        foreach ($only as $name) {
            if (HOOKS_CLIENTS[$name]['server'] === 'dns') {
                $skipped[$name] = $why;
            }
        }
    }
}
if (isset($needed['http'])) {
    $proc = new S6Proc('http_server', ['php', '-n', '-d', "extension=$so", "$root/examples/http_server.php", '--host=127.0.0.1',
        '--port=0', '--delay=' . HOOKS_DELAY], 1024);
    $ctx['http'] = $proc->addr;
    $serverCmd['http'] = 'php -n -d extension=' . bench_path($so) . ' examples/http_server.php --host=127.0.0.1 --port=0 --delay='
        . HOOKS_DELAY;
}
if (isset($needed['redis'])) {
    $redisBin = trim((string) shell_exec('command -v redis-server 2>/dev/null'));
    if ($redisBin === '' || !in_array('redis', $childExts, true)) {
        foreach ($only as $name) {
            if (HOOKS_CLIENTS[$name]['server'] === 'redis') {
                $skipped[$name] = $redisBin === '' ? 'no redis-server (scripts/setup.sh)' : 'the Redis worker needs ext-redis (php8.2-redis)';
            }
        }
    } else {
        $sock = "$tmp/redis.sock";
        $proc = new S6Proc('redis-server', [$redisBin, '--port', '0', '--unixsocket', $sock, '--unixsocketperm', '700',
            '--save', '', '--appendonly', 'no', '--dir', $tmp, '--daemonize', 'no', '--hz', '100'], 1024, listens: false);
        hooks_wait_for(static fn (): bool => file_exists($sock), 10, 'redis-server did not start', $proc);
        $ready = "$tmp/worker.ready";
        $proc = new S6Proc('redis worker', ['php', __FILE__, "--redis-worker=$sock", "--ready=$ready"], 1024, listens: false);
        hooks_wait_for(static fn (): bool => is_file($ready), 10, 'the Redis worker did not start', $proc);
        $ctx['redis'] = $sock;
        $serverCmd['redis'] = "redis-server --port 0 --unixsocket DIR/redis.sock --save '' --appendonly no --hz 100; "
            . 'worker: php benchmarks/hooks.php --redis-worker=DIR/redis.sock';
        $serverCmd['redis_version'] = preg_match('/v=([0-9.]+)/', (string) shell_exec(escapeshellarg($redisBin) . ' --version'), $m)
            ? $m[1] : '?';
    }
}
if (isset($needed['mysql'])) {
    $servers = escapeshellarg("$root/tests/db/servers.sh");
    $missing = trim((string) shell_exec("$servers missing 2>/dev/null"));
    if ($missing !== '') {
        foreach ($only as $name) {
            if (HOOKS_CLIENTS[$name]['server'] === 'mysql') {
                $skipped[$name] = 'missing ' . str_replace("\n", ' ', $missing) . ' (tests/db/servers.sh install)';
            }
        }
    } else {
        // A directory of its own: the servers run as the packages' users, which cannot enter $tmp (0700).
        $dbDir = rtrim((string) shell_exec('mktemp -d ' . escapeshellarg(sys_get_temp_dir() . '/chan-hooks-db.XXXXXX')));
        bench_check(is_dir($dbDir), 'mktemp failed');
        fwrite(STDERR, "hooks: starting MariaDB (tests/db/servers.sh start, which starts PostgreSQL too)\n");
        [$rc, $log] = s6_sh("exec $servers start " . escapeshellarg($dbDir), 4096);
        bench_check($rc === 0, "tests/db/servers.sh start failed: $log");
        $ctx['mysql'] = [];
        foreach (file("$dbDir/env", FILE_IGNORE_NEW_LINES) as $line) {
            if (preg_match("/^([A-Z_]+)='?(.*?)'?$/", $line, $m)) {
                $ctx['mysql'][$m[1]] = $m[2];
            }
        }
        bench_check(isset($ctx['mysql']['CHAN_MYSQL_SOCKET']), "no CHAN_MYSQL_SOCKET in $dbDir/env");
    }
}

// The clients, one process each.
$limit = 60.0 + 20.0 * $runs;
$results = [];
foreach ($only as $name) {
    if (isset($skipped[$name])) {
        fwrite(STDERR, sprintf("  %-9s skipped: %s\n", $name, $skipped[$name]));
        continue;
    }
    $clientArgv = ['php', '-d', "extension=$so", '-d', 'default_socket_timeout=10', '-d', 'display_errors=stderr', __FILE__,
        "--client=$name", "--runs=$runs", "--serial=$serial", '--ctx=' . json_encode($ctx)];
    if (HOOKS_CLIENTS[$name]['server'] === 'dns') { // a mount namespace whose resolv.conf names the private resolver
        $clientArgv = ['unshare', '-m', 'sh', '-c', 'mount --bind "$0" /etc/resolv.conf && exec "$@"', $ctx['resolv'], ...$clientArgv];
    }
    $t0 = microtime(true);
    [$code, $r, $stdout, $stderr] = hooks_run_client($clientArgv, $limit);
    $results[$name] = ['code' => $code, 'r' => $r, 'stdout' => $stdout, 'stderr' => trim($stderr)];
    if ($r === null || $code !== 0) {
        fwrite(STDERR, sprintf("  %-9s FAILED (exit %d, %.1f s): %s\n", $name, $code, microtime(true) - $t0,
            substr(trim($stdout . "\n" . $stderr), 0, 2000)));
        continue;
    }
    fwrite(STDERR, sprintf("  %-9s concurrent %s s, serial %.2f s (%d calls), %.1f s in all\n", $name,
        implode(' / ', array_map(static fn (array $c): string => sprintf('%.3f', $c['wall']), $r['concurrent'])),
        $r['serial']['wall'], $r['serial']['calls'], microtime(true) - $t0));
}
$loadEnd = bench_loadavg();

// --- the report ---------------------------------------------------------------------

$rows = [];
$notes = [];
$met = [];
foreach ($only as $name) {
    $label = HOOKS_CLIENTS[$name]['label'];
    if (isset($skipped[$name])) {
        $rows[] = [$label, '-', '-', '-', "skipped: {$skipped[$name]}", '-', '-', '-'];
        continue;
    }
    ['code' => $code, 'r' => $r, 'stdout' => $stdout, 'stderr' => $stderr] = $results[$name];
    if ($r === null || $code !== 0) {
        $rows[] = [$label, '-', '-', '-', "failed (exit $code)", '-', '-', '-'];
        $notes[] = "**$name failed** (exit $code): `" . str_replace(["\n", '`'], [' ', "'"], substr(trim($stdout . ' ' . $stderr), 0, 1500)) . '`';
        continue;
    }
    $walls = array_column($r['concurrent'], 'wall');
    $median = bench_median($walls);
    $serial20 = $r['serial']['wall'] * HOOKS_N / $r['serial']['calls'];
    $all = array_merge($r['concurrent'], [$r['serial']]);
    $right = array_sum(array_column($all, 'right'));
    $calls = array_sum(array_column($all, 'calls'));
    $allRight = $right === $calls;
    $rightText = $allRight ? 'yes' : 'NO';
    $rightText .= sprintf(' (%d of %d)', $right, $calls);
    $slowest = max(array_column($r['concurrent'], 'max'));
    $quickest = min(array_column($all, 'min'));
    $within = max($walls) <= HOOKS_BOUND;
    $rows[] = [
        $label,
        bench_num($median, 3),
        bench_num($serial20, 2) . ($r['serial']['calls'] < HOOKS_N ? " (x {$r['serial']['calls']})" : ''),
        bench_num($serial20 / $median, 1),
        $rightText,
        $within ? 'yes' : 'NO',
        bench_num($quickest, 3) . ' / ' . bench_num($slowest, 3),
        bench_spread($walls) . ' (' . count($walls) . ')',
    ];
    $met[$name] = $within && $allRight;
    foreach ($all as $k => $s) {
        if ($s['wrong'] > 0 || $s['fast'] > 0) {
            $which = $k < count($r['concurrent']) ? 'concurrent run ' . ($k + 1) : 'serial';
            $notes[] = "$name, $which: {$s['wrong']} wrong, {$s['fast']} under " . HOOKS_CALL_MIN . ' s'
                . ($s['errors'] ? ': ' . implode('; ', array_map(static fn (string $e): string => '`' . str_replace('`', "'", $e) . '`', $s['errors'])) : '');
        }
    }
    if ($stderr !== '') {
        $notes[] = "$name wrote to stderr: `" . str_replace(["\n", '`'], [' ', "'"], substr($stderr, 0, 800)) . '`';
    }
    $results[$name]['version'] = $r['version'];
    $results[$name]['hooks'] = implode(',', $r['hooks']);
}

$versions = [];
foreach ($only as $name) {
    if (isset($results[$name]['version']) && !in_array($name, ['usleep', 'shell_exec', 'proc_open', 'dns', 'fsockopen', 'http'], true)) {
        $deb = HOOKS_CLIENTS[$name]['deb'];
        $debVersion = $deb !== null ? hooks_deb_version($deb) : null;
        $versions[] = "$name: {$results[$name]['version']}" . ($debVersion !== null ? " (Debian $deb $debVersion)" : '');
    }
}
if (isset($serverCmd['redis_version'])) {
    $versions[] = "redis-server {$serverCmd['redis_version']}";
}
$hooksSeen = array_values(array_unique(array_filter(array_column($results, 'hooks'))));

$cmd = 'php benchmarks/hooks.php --so=' . bench_path($so) . " --runs=$runs" . ($serial !== HOOKS_N ? " --serial=$serial" : '')
    . (isset($opt['only']) ? ' --only=' . implode(',', $only) : '') . ($out !== '-' ? ' --out=' . bench_path($out) : '');

$md = "## Hooks: " . HOOKS_N . ' coroutines, one ' . HOOKS_DELAY . " s call each, with PHP's own blocking calls\n\n";
$md .= "$date, load average $loadStart at the start and $loadEnd at the end, " . (int) trim((string) shell_exec('nproc'))
    . ' CPUs shared by the clients and the servers. PHP ' . PHP_VERSION . ', chan '
    . sprintf('%s (sha1 %s)', bench_path($so), substr((string) sha1_file($so), 0, 12)) . ', work tree '
    . trim((string) shell_exec('git -C ' . escapeshellarg($root) . ' describe --always --dirty 2>/dev/null'))
    . ($hooksSeen ? '; Chan\hooks(): ' . implode(' | ', $hooksSeen) : '') . ".\n\n";
$md .= "Command: `$cmd`\n\n";
$md .= bench_table(['client', HOOKS_N . ' concurrent (s, median of ' . $runs . ')', 'serial, hooks off (s)', 'ratio serial / concurrent',
    'results right', 'within ' . HOOKS_BOUND . ' s', 'one call (s, quickest / slowest)', 'spread (runs)'], $rows);
$md .= "\nEach client in its own process (`php -d extension=" . bench_path($so) . " -d default_socket_timeout=10 "
    . "benchmarks/hooks.php --client=NAME`, the machine's php.ini). Concurrent: " . HOOKS_N . ' coroutines started with '
    . "`Chan\\Group::go()` in `Chan\\run()`, each opening its own connection and making one call; wall time from before "
    . "`Chan\\run()` to its return, median of $runs run(s), every run checked. Serial: "
    . ($serial === HOOKS_N ? HOOKS_N . ' calls' : "$serial call(s), scaled to " . HOOKS_N . ' (the "x N")')
    . " one after another in main with `ini_set('chan.hooks', 'none')`, made before the concurrent runs (the first call "
    . "also loads the client's classes). Results right: calls that gave back their own ID and took at least "
    . HOOKS_CALL_MIN . ' s, over the concurrent runs and the serial calls. Within ' . HOOKS_BOUND
    . " s: the slowest concurrent run. One call: the quickest call anywhere and the slowest call of a concurrent run.\n";
$md .= "\nServers: " . implode('; ', array_filter([
    isset($serverCmd['line']) ? "line server `{$serverCmd['line']}` (stream_select(), no chan)" : null,
    isset($serverCmd['http']) ? "HTTP `{$serverCmd['http']}`" : null,
    isset($serverCmd['redis']) ? "Redis `{$serverCmd['redis']}` (phpredis, no chan)" : null,
    isset($ctx['mysql']) ? 'MariaDB from `tests/db/servers.sh start DIR` (Unix socket)' : null,
])) . ".\n";
if ($versions) {
    $md .= "\nVersions: " . implode('; ', $versions) . ".\n";
}
$missed = array_keys(array_filter($met, static fn (bool $ok): bool => !$ok));
$md .= "\nTarget (" . HOOKS_N . ' concurrent calls within ' . HOOKS_BOUND . ' s, all right): '
    . ($missed === [] ? '**met** by every client that ran' : '**missed** by ' . implode(', ', $missed)) . '.'
    . ($skipped ? ' Skipped: ' . implode(', ', array_keys($skipped)) . '.' : '') . "\n";
foreach ($notes as $note) {
    $md .= "\n$note\n";
}
s6_write_report($md, [], $out);
