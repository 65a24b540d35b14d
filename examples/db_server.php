<?php
/**
 * An HTTP server whose every request runs a query through a connection pool:
 * the HTTP server of examples/http_server.php, a DbPool
 * (examples/db/pool.php) per database, one PHP process.
 *
 *   GET /mysql       runs `select sleep(1)` on MariaDB/MySQL
 *   GET /pgsql       runs `select pg_sleep(1)` on PostgreSQL
 *   GET /mysql-pdo   the MariaDB query with plain PDO (--plain=mysql-pdo)
 *   GET /mysqli      the MariaDB query with plain mysqli (--plain=mysqli)
 *   GET /            the first database configured
 *   GET /stats       the pools' counters, as JSON
 *
 * A request borrows a connection (an idle one, a new one while the pool
 * has room, else it waits for one to come back, up to --wait seconds: then
 * 503), runs the query (`Chan\Coroutine::waitReadable()` on the
 * connection's socket: the other requests go on meanwhile), gives the
 * connection back and answers 200 with the query's result. A query that
 * fails answers 500, one that takes longer than --sleep + 10 s 504; either
 * way the connection is not lent again.
 *
 * /mysql-pdo and /mysqli are the same handler written with nothing but the
 * client's own blocking API (`$pdo->query()`, `$mysqli->query()`) on a
 * ChannelPool, the simplest pool on a Chan\Channel: chan's hooks
 * (chan.hooks, family stream) make those calls park only the calling
 * coroutine. Their pools are separate from /mysql's (--pool-plain each).
 *
 * Run (the private servers of tests/db/servers.sh, or any):
 *
 *   tests/db/servers.sh start /tmp/dbs && set -a && . /tmp/dbs/env && set +a
 *   php -d extension=chan.so -d extension=mysqli -d extension=pgsql \
 *       examples/db_server.php --port=8080 --pool-mysql=1000 --pool-pgsql=100 --warm
 *   curl -i http://127.0.0.1:8080/mysql
 *
 * Options (defaults in brackets):
 *   --mysql=DSN      'mysql:unix_socket=PATH;dbname=DB;user=USER' [from
 *                    CHAN_MYSQL_SOCKET, CHAN_MYSQL_USER, CHAN_MYSQL_DB]
 *   --pgsql=DSN      libpq's 'host=... dbname=... user=...' [CHAN_PG_DSN]
 *   --pool=N         connections per database at most [100];
 *                    --pool-mysql=N, --pool-pgsql=N for one of them
 *   --plain=LIST     also the plain handlers: mysql-pdo, mysqli (comma
 *                    list; they need the MySQL DSN and pdo_mysql, mysqli)
 *   --pool-plain=N   connections of each plain handler's pool [--pool-mysql]
 *   --warm           open all of them before listening (mysqli connects
 *                    block the process: better before the load than in it)
 *   --sleep=S        seconds each query sleeps [1]
 *   --wait=S         seconds a request waits for a free connection [20]
 *   --host=H --port=P --backlog=N   as examples/http_server.php [127.0.0.1, 8080, 4096]
 * A database with no DSN is left out. SIGTERM or SIGINT stops the server
 * gracefully (Chan\signal()), then the pools are closed.
 *
 * Every connection is a socket: raise `ulimit -n` above the pools' sizes
 * plus the clients' connections. Each PostgreSQL connection is a server
 * process (tests/db/servers.sh allows 200); a MariaDB connection is a
 * thread (it allows 2000).
 *
 * Included by another script (as tests/db/db_server.phpt does), the file
 * only defines DbBackend, ChannelPool, PlainDbBackend, db_handler() and
 * db_backends(); see the end.
 */

declare(strict_types=1);

require_once __DIR__ . '/http_server.php';
require_once __DIR__ . '/db/pool.php';

use Chan\Channel;
use Chan\TimeoutException;

use function Chan\go;

/** One database the server queries: its pool, the DSN and the query. */
final class DbBackend
{
    public function __construct(
        public readonly string $name,
        public readonly DbPool $pool,
        public readonly string $dsn,
        public readonly string $sql,
        public readonly float $queryTimeout,
    ) {
    }

    /** Runs the query on a borrowed connection: [status, body]. */
    public function handle(): array
    {
        try {
            $conn = $this->pool->get($this->dsn);
        } catch (TimeoutException $e) {
            return [503, "{$this->name}: {$e->getMessage()}\n"];
        } catch (DbConnectError $e) {
            return [503, "{$this->name}: {$e->getMessage()}\n"];
        }
        try {
            // @: pgsql reports a failed query with a warning and false
            $result = @$this->pool->driver->query($conn, $this->dsn, $this->sql, $this->queryTimeout);
            if ($result === false) {
                $error = $conn instanceof mysqli ? $conn->error : (error_get_last()['message'] ?? 'no result');
                return [500, "{$this->name}: query failed: $error\n"];
            }
            $value = $result instanceof PgSql\Result ? pg_fetch_result($result, 0, 0)
                : ($result instanceof mysqli_result ? $result->fetch_row()[0] : $result);
            return [200, "{$this->name}: {$this->sql} = " . var_export($value, true) . "\n"];
        } catch (TimeoutException) {
            return [504, "{$this->name}: the query took more than {$this->queryTimeout} s\n"];
        } catch (mysqli_sql_exception $e) {
            return [500, "{$this->name}: query failed: {$e->getMessage()}\n"];
        } finally {
            $this->pool->put($conn); // kept for the next request, or closed
        }
    }

    /** Opens the pool's connections before the load; how many are idle then. */
    public function warm(): int
    {
        return $this->pool->warm($this->dsn, $this->pool->size);
    }

    /** @return array<string, int> the pool's size and counters (DbPool::stats()) */
    public function stats(): array
    {
        return ['size' => $this->pool->size] + $this->pool->stats($this->dsn);
    }

    public function close(): void
    {
        $this->pool->close();
    }
}

/**
 * The simplest pool of connections on a channel, for a client's own
 * blocking API (PDO, mysqli), whose calls chan's hooks park: the channel
 * holds $size entries, each an idle connection or null, a free place whose
 * taker connects. get() takes one, waiting up to $wait seconds while all
 * are out (Chan\TimeoutException); put() gives it back, or null for a
 * connection that failed (dropped: its place is free again).
 */
final class ChannelPool
{
    private Channel $idle;
    /** @var array<string, int> */
    private array $counts = ['open' => 0, 'out' => 0, 'peak' => 0, 'connects' => 0, 'reused' => 0, 'waits' => 0,
        'timeouts' => 0, 'discarded' => 0];

    /** @param Closure(): object $connect a new connection, or throws */
    public function __construct(private readonly Closure $connect, public readonly int $size, private readonly float $wait)
    {
        $this->idle = new Channel($size);
        for ($i = 0; $i < $size; $i++) {
            $this->idle->push(null);
        }
    }

    public function get(): object
    {
        if (!$this->idle->tryPop($conn)) {
            $this->counts['waits']++;
            try {
                $conn = $this->idle->pop($this->wait);
            } catch (TimeoutException $e) {
                $this->counts['timeouts']++;
                throw $e;
            }
        }
        if ($conn === null) {
            try {
                $conn = ($this->connect)();
            } catch (Throwable $e) {
                if (!$this->idle->isClosed()) {
                    $this->idle->push(null); // the place is free again
                }
                throw $e;
            }
            $this->counts['connects']++;
            $this->counts['peak'] = max($this->counts['peak'], ++$this->counts['open']);
        } else {
            $this->counts['reused']++;
        }
        $this->counts['out']++;
        return $conn;
    }

    public function put(?object $conn): void
    {
        $this->counts['out']--;
        if ($conn === null) {
            $this->counts['open']--;
            $this->counts['discarded']++;
        }
        if ($this->idle->isClosed()) {
            $this->counts['open'] -= $conn === null ? 0 : 1; // closed: the connection goes with the last reference
        } else {
            $this->idle->push($conn); // never waits: the channel has room for every entry
        }
    }

    /** Opens a connection in every free place, before the load; how many are open then. */
    public function warm(): int
    {
        $conns = [];
        try {
            while (count($conns) < $this->size) {
                $conns[] = $this->get();
            }
        } finally {
            foreach ($conns as $conn) {
                $this->put($conn);
            }
        }
        return $this->counts['open'];
    }

    /** @return array<string, int> */
    public function stats(): array
    {
        return $this->counts;
    }

    /** Drops the idle connections; those lent out go when they are given back. */
    public function close(): void
    {
        while ($this->idle->tryPop($conn)) {
            $this->counts['open'] -= $conn === null ? 0 : 1;
        }
        $this->idle->close();
    }
}

/** A database queried with the client's own blocking API on a ChannelPool: no chan call in the handler. */
final class PlainDbBackend
{
    /** @param Closure(object, string): mixed $query runs $sql on a connection: the first column of the first row */
    public function __construct(
        public readonly string $name,
        public readonly ChannelPool $pool,
        public readonly string $sql,
        private readonly Closure $query,
    ) {
    }

    /** Runs the query on a borrowed connection: [status, body]. */
    public function handle(): array
    {
        try {
            $conn = $this->pool->get();
        } catch (TimeoutException $e) {
            return [503, "{$this->name}: {$e->getMessage()}\n"];
        } catch (Throwable $e) { // the connect failed (PDOException, mysqli_sql_exception), or the pool is closed
            return [503, "{$this->name}: cannot connect: {$e->getMessage()}\n"];
        }
        try {
            $value = ($this->query)($conn, $this->sql);
        } catch (Throwable $e) {
            $this->pool->put(null); // not lent again
            return [500, "{$this->name}: query failed: {$e->getMessage()}\n"];
        }
        $this->pool->put($conn);
        return [200, "{$this->name}: {$this->sql} = " . var_export($value, true) . "\n"];
    }

    public function warm(): int
    {
        return $this->pool->warm();
    }

    /** @return array<string, int> */
    public function stats(): array
    {
        return ['size' => $this->pool->size] + $this->pool->stats();
    }

    public function close(): void
    {
        $this->pool->close();
    }
}

/**
 * The server's handler: /NAME runs backend NAME's query, / the first
 * backend's, /stats answers with every pool's counters.
 *
 * @param array<string, DbBackend|PlainDbBackend> $backends
 * @return Closure(array): array{int, string}
 */
function db_handler(array $backends): Closure
{
    return function (array $request) use ($backends): array {
        $name = trim((string) parse_url($request['target'], PHP_URL_PATH), '/');
        if ($name === 'stats') {
            $stats = [];
            foreach ($backends as $b) {
                $stats[$b->name] = $b->stats();
            }
            return [200, json_encode($stats, JSON_PRETTY_PRINT) . "\n"];
        }
        $backend = $name === '' ? reset($backends) : ($backends[$name] ?? null);
        if ($backend === null || $backend === false) {
            return [404, "no database '$name'; this server has: /" . implode(', /', array_keys($backends)) . "\n"];
        }
        return $backend->handle();
    };
}

/**
 * The backends: MariaDB/MySQL with `select sleep(S)` and PostgreSQL with
 * `select pg_sleep(S)`, each on a pool of its own; null DSNs are left out.
 * $plain adds the MariaDB query on plain PDO ('mysql-pdo') and plain mysqli
 * ('mysqli'), each on a ChannelPool of $poolPlain connections ($poolMysql
 * when null).
 *
 * @param list<string> $plain
 * @return array<string, DbBackend|PlainDbBackend>
 */
function db_backends(?string $mysqlDsn, ?string $pgsqlDsn, int $poolMysql, int $poolPgsql, float $sleep, float $wait,
    array $plain = [], ?int $poolPlain = null): array
{
    $s = rtrim(rtrim(sprintf('%.3f', $sleep), '0'), '.');
    $backends = [];
    if ($mysqlDsn !== null) {
        $backends['mysql'] = new DbBackend('mysql', new DbPool(new MysqliDriver(), $poolMysql, $wait), $mysqlDsn,
            "select sleep($s)", $sleep + 10);
    }
    if ($pgsqlDsn !== null) {
        $backends['pgsql'] = new DbBackend('pgsql', new DbPool(new PgDriver(), $poolPgsql, $wait), $pgsqlDsn,
            "select pg_sleep($s)", $sleep + 10);
    }
    if ($mysqlDsn !== null) {
        $p = MysqliDriver::parse($mysqlDsn);
        // What a user writes: the client's own constructor and query call.
        $clients = [
            'mysql-pdo' => [
                static fn (): PDO => new PDO(sprintf('mysql:host=%s;port=%d;dbname=%s', $p['host'], $p['port'], $p['dbname'])
                    . ($p['unix_socket'] !== null ? ";unix_socket={$p['unix_socket']}" : ''), $p['user'], $p['password'],
                    [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]),
                static fn (PDO $pdo, string $sql): mixed => $pdo->query($sql)->fetchColumn(),
            ],
            'mysqli' => [
                static function () use ($p): mysqli {
                    $m = new mysqli($p['host'], $p['user'], $p['password'], $p['dbname'], $p['port'], $p['unix_socket']);
                    return $m->connect_errno ? throw new RuntimeException((string) $m->connect_error) : $m;
                },
                static fn (mysqli $m, string $sql): mixed => ($m->query($sql) ?: throw new RuntimeException($m->error))->fetch_row()[0],
            ],
        ];
        foreach ($plain as $name) {
            [$connect, $query] = $clients[$name] ?? throw new ValueError("db_backends(): no plain handler '$name' (mysql-pdo, mysqli)");
            $backends[$name] = new PlainDbBackend($name, new ChannelPool($connect, $poolPlain ?? $poolMysql, $wait),
                "select sleep($s)", $query);
        }
    }
    return $backends;
}

/** Runs the server from the command line; see the comment at the top. */
function db_server_main(): int
{
    $opt = getopt('', ['host:', 'port:', 'backlog:', 'mysql:', 'pgsql:', 'pool:', 'pool-mysql:', 'pool-pgsql:',
        'plain:', 'pool-plain:', 'warm', 'sleep:', 'wait:']);
    $env = static fn (string $name): ?string => getenv($name) === false || getenv($name) === '' ? null : getenv($name);
    $mysql = $opt['mysql'] ?? ($env('CHAN_MYSQL_SOCKET') === null ? null
        : sprintf('mysql:unix_socket=%s;dbname=%s;user=%s', $env('CHAN_MYSQL_SOCKET'),
            $env('CHAN_MYSQL_DB') ?? 'chan', $env('CHAN_MYSQL_USER') ?? 'chan'));
    $pgsql = $opt['pgsql'] ?? $env('CHAN_PG_DSN');
    if ($mysql !== null && !extension_loaded('mysqli')) {
        fwrite(STDERR, "mysqli is not loaded (-d extension=mysqli): no /mysql\n");
        $mysql = null;
    }
    if ($pgsql !== null && !extension_loaded('pgsql')) {
        fwrite(STDERR, "pgsql is not loaded (-d extension=pgsql): no /pgsql\n");
        $pgsql = null;
    }
    if ($mysql === null && $pgsql === null) {
        fwrite(STDERR, "no database: pass --mysql=DSN and/or --pgsql=DSN (see the top of this file)\n");
        return 2;
    }
    $plain = array_values(array_filter(explode(',', (string) ($opt['plain'] ?? ''))));
    foreach (['mysql-pdo' => 'pdo_mysql', 'mysqli' => 'mysqli'] as $name => $ext) {
        if (in_array($name, $plain, true) && ($mysql === null || !extension_loaded($ext))) {
            fwrite(STDERR, $mysql === null ? "no MySQL DSN: no /$name\n" : "$ext is not loaded (-d extension=$ext): no /$name\n");
            $plain = array_values(array_diff($plain, [$name]));
        }
    }
    $pool = (int) ($opt['pool'] ?? 100);
    $poolMysql = (int) ($opt['pool-mysql'] ?? $pool);
    $backends = db_backends($mysql, $pgsql, $poolMysql, (int) ($opt['pool-pgsql'] ?? $pool),
        (float) ($opt['sleep'] ?? 1.0), (float) ($opt['wait'] ?? 20.0), $plain, (int) ($opt['pool-plain'] ?? $poolMysql));

    $server = new HttpServer(db_handler($backends), $opt['host'] ?? '127.0.0.1', (int) ($opt['port'] ?? 8080),
        (int) ($opt['backlog'] ?? 4096));
    Chan\run(function () use ($server, $backends, $opt): void {
        if (isset($opt['warm'])) {
            foreach ($backends as $b) {
                $t = hrtime(true);
                $n = $b->warm();
                fprintf(STDERR, "%s: %d connections open in %.2f s\n", $b->name, $n, (hrtime(true) - $t) / 1e9);
            }
        }
        $pools = implode(', ', array_map(fn (DbBackend|PlainDbBackend $b) => "/{$b->name}: {$b->sql}, pool of {$b->pool->size}", $backends));
        echo "listening on http://{$server->address()}/ ($pools)\n";
        go('stop_on_signals', $server);
        $server->serve();
        foreach ($backends as $b) {
            $b->close();
        }
    });
    echo "stopped\n";
    return 0;
}

// Run only when started as a script, not when a test includes this file.
if (get_included_files()[0] === __FILE__) {
    exit(db_server_main());
}
