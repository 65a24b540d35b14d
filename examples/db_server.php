<?php
/**
 * An HTTP server whose every request runs a query through a connection pool:
 * the HTTP server of examples/http_server.php, a DbPool
 * (examples/db/pool.php) per database, one PHP process.
 *
 *   GET /mysql   runs `select sleep(1)` on MariaDB/MySQL
 *   GET /pgsql   runs `select pg_sleep(1)` on PostgreSQL
 *   GET /        the first database configured
 *   GET /stats   the pools' counters, as JSON
 *
 * A request borrows a connection (an idle one, a new one while the pool
 * has room, else it waits for one to come back, up to --wait seconds: then
 * 503), runs the query (`Chan\Coroutine::waitReadable()` on the
 * connection's socket: the other requests go on meanwhile), gives the
 * connection back and answers 200 with the query's result. A query that
 * fails answers 500, one that takes longer than --sleep + 10 s 504; either
 * way the connection is not lent again.
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
 *   --warm           open all of them before listening (mysqli connects
 *                    block the process: better before the load than in it)
 *   --sleep=S        seconds each query sleeps [1]
 *   --wait=S         seconds a request waits for a free connection [20]
 *   --host=H --port=P --backlog=N   as examples/http_server.php [127.0.0.1, 8080, 4096]
 * A database with no DSN is left out. SIGTERM or SIGINT stops the server
 * gracefully (with ext-pcntl), then the pools are closed.
 *
 * Every connection is a socket: raise `ulimit -n` above the pools' sizes
 * plus the clients' connections. Each PostgreSQL connection is a server
 * process (tests/db/servers.sh allows 200); a MariaDB connection is a
 * thread (it allows 2000).
 *
 * Included by another script (as tests/db/db_server.phpt does), the file
 * only defines DbBackend, db_handler() and db_backends(); see the end.
 */

declare(strict_types=1);

require_once __DIR__ . '/http_server.php';
require_once __DIR__ . '/db/pool.php';

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
}

/**
 * The server's handler: /NAME runs backend NAME's query, / the first
 * backend's, /stats answers with every pool's counters.
 *
 * @param array<string, DbBackend> $backends
 * @return Closure(array): array{int, string}
 */
function db_handler(array $backends): Closure
{
    return function (array $request) use ($backends): array {
        $name = trim((string) parse_url($request['target'], PHP_URL_PATH), '/');
        if ($name === 'stats') {
            $stats = [];
            foreach ($backends as $b) {
                $stats[$b->name] = ['size' => $b->pool->size] + $b->pool->stats($b->dsn);
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
 *
 * @return array<string, DbBackend>
 */
function db_backends(?string $mysqlDsn, ?string $pgsqlDsn, int $poolMysql, int $poolPgsql, float $sleep, float $wait): array
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
    return $backends;
}

/** Runs the server from the command line; see the comment at the top. */
function db_server_main(): int
{
    $opt = getopt('', ['host:', 'port:', 'backlog:', 'mysql:', 'pgsql:', 'pool:', 'pool-mysql:', 'pool-pgsql:',
        'warm', 'sleep:', 'wait:']);
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
    $pool = (int) ($opt['pool'] ?? 100);
    $backends = db_backends($mysql, $pgsql, (int) ($opt['pool-mysql'] ?? $pool), (int) ($opt['pool-pgsql'] ?? $pool),
        (float) ($opt['sleep'] ?? 1.0), (float) ($opt['wait'] ?? 20.0));

    $server = new HttpServer(db_handler($backends), $opt['host'] ?? '127.0.0.1', (int) ($opt['port'] ?? 8080),
        (int) ($opt['backlog'] ?? 4096));
    Chan\run(function () use ($server, $backends, $opt): void {
        if (isset($opt['warm'])) {
            foreach ($backends as $b) {
                $t = hrtime(true);
                $n = $b->pool->warm($b->dsn, $b->pool->size);
                fprintf(STDERR, "%s: %d connections open in %.2f s\n", $b->name, $n, (hrtime(true) - $t) / 1e9);
            }
        }
        $pools = implode(', ', array_map(fn (DbBackend $b) => "/{$b->name}: {$b->sql}, pool of {$b->pool->size}", $backends));
        echo "listening on http://{$server->address()}/ ($pools)\n";
        if (extension_loaded('pcntl')) {
            go('stop_on_signals', $server);
        }
        $server->serve();
        foreach ($backends as $b) {
            $b->pool->close();
        }
    });
    echo "stopped\n";
    return 0;
}

// Run only when started as a script, not when a test includes this file.
if (get_included_files()[0] === __FILE__) {
    exit(db_server_main());
}
