<?php
/*
 * A bounded pool of database connections on channels, for coroutines.
 *
 * The pattern of benchmarks/s4.php (a map of host to a channel of idle
 * connections: get with tryPop() or connect, put back with tryPush() or
 * close), made safe for real connections:
 *
 *   - bounded: at most $size connections per DSN, idle and lent out
 *     together. get() takes an idle one (tryPop()), else connects while
 *     fewer than $size are open, else waits in pop() until one comes back,
 *     up to its timeout (Chan\TimeoutException). Waiters are served in
 *     order of arrival (the channel's queue of parked poppers).
 *   - a connection whose query did not end cleanly is never lent again:
 *     put() closes it instead when a query sent through
 *     examples/db/async.php was interrupted (timeout, Coroutine::cancel(),
 *     a withTimeout() deadline) or lost its connection
 *     (chan_db_unsettled()), or when a query sent by other means has not
 *     been read to its end (PostgreSQL: the connection is not idle, which
 *     also refuses an open transaction; mysqli: an asynchronous query not
 *     reaped), or when the connection is not alive. A query still running
 *     on a connection given back is stopped on the server as it is closed.
 *   - broken connections are dropped: an idle connection whose socket has
 *     become readable (the server closed it, or was killed or restarted) is
 *     closed when get() takes it, and get() goes on to the next one or
 *     connects anew. A slot freed while coroutines wait (a connection
 *     dropped, a connect that failed) goes to the first of them as a null
 *     in the channel, "connect yourself", so no waiter sleeps while there
 *     is room to connect.
 *
 *   $pool = new DbPool(new PgDriver(), size: 20);
 *   $conn = $pool->get($dsn);                 // waits up to the pool's wait timeout
 *   try {
 *       $r = pg_query_co($conn, 'select 1', 5);
 *   } finally {
 *       $pool->put($conn);                    // back to the pool, or closed
 *   }
 *   // or in one call: $pool->query($dsn, 'select 1', 5)
 *
 * Keys are DSNs: libpq's for PgDriver ('host=/run/pg dbname=app user=app'),
 * PDO's form for MysqliDriver ('mysql:unix_socket=/run/my.sock;dbname=app;
 * user=app' or host=, port=, password=). Connecting: pgsql asynchronously
 * (pg_connect_co()); mysqli has no asynchronous connect, so a new mysqli
 * connection blocks the process while it connects (about a millisecond on
 * a Unix socket): warm() opens them ahead of the load. For KILL QUERY on an
 * interrupted query, MysqliDriver keeps one more connection per DSN, outside
 * the bound, made the first time a query has to be stopped.
 *
 * One process, one pool: connections are not shared across fork().
 */

declare(strict_types=1);

require_once __DIR__ . '/async.php';

use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;

/** What DbPool needs of a database. */
interface DbDriver
{
    /** A new connection to $dsn, or an exception (DbConnectError, Chan\TimeoutException). */
    public function connect(string $dsn, ?float $timeout): object;

    /** Runs $sql on $conn, cooperatively: the result, or false (with a warning, or as mysqli_report() says). */
    public function query(object $conn, string $dsn, string $sql, ?float $timeout): mixed;

    /** Whether $conn, given back, may be lent again. */
    public function reusable(object $conn): bool;

    /** Whether the idle $conn is dead: its socket readable while no query runs (the server closed it). */
    public function broken(object $conn): bool;

    /** Closes $conn (a connection to $dsn), whatever its state, stopping a query still running; never throws. */
    public function close(object $conn, string $dsn): void;
}

/** A connection could not be made. */
final class DbConnectError extends RuntimeException
{
}

final class DbPool
{
    /** @var array<string, Channel> DSN => idle connections (and null: a free slot for a waiter) */
    private array $idle = [];
    /** @var array<string, int> DSN => connections open: connecting, lent out or idle */
    private array $open = [];
    /** @var array<string, int> DSN => nulls pushed for waiters and not yet taken */
    private array $slots = [];
    /** @var array<string, int> DSN => coroutines parked in get() */
    private array $waiting = [];
    /** @var WeakMap<object, string> connections lent out => their DSN */
    private WeakMap $out;
    /** @var array<string, array<string, int>> DSN => counters since the start */
    private array $counts = [];
    private bool $closed = false;

    /**
     * @param int $size connections per DSN at most
     * @param float $waitTimeout seconds get() waits for a connection when
     *   none is given (null: as long as it takes)
     * @param float $connectTimeout seconds a connect may take
     */
    public function __construct(
        public readonly DbDriver $driver,
        public readonly int $size,
        private ?float $waitTimeout = 10.0,
        private ?float $connectTimeout = 5.0,
    ) {
        if ($size < 1) {
            throw new ValueError('DbPool: $size must be at least 1');
        }
        $this->out = new WeakMap();
    }

    /**
     * Lends a connection to $dsn: an idle one, a new one while fewer than
     * $size are open, else the first one given back within $timeout
     * seconds (null: the pool's wait timeout). Give it back with put(),
     * in a finally block: a connection never given back keeps its place in
     * the bound for good.
     *
     * @throws TimeoutException all $size connections stayed out for $timeout
     * @throws DbConnectError a new connection failed
     */
    public function get(string $dsn, ?float $timeout = null): object
    {
        if ($this->closed) {
            throw new LogicException('DbPool: closed');
        }
        $timeout ??= $this->waitTimeout;
        $deadline = chan_db_deadline($timeout);
        $idle = $this->idle[$dsn] ??= $this->add($dsn);
        while (true) {
            if ($idle->tryPop($conn)) {
                // an idle connection, or a slot handed on by release()
            } elseif ($this->open[$dsn] + $this->slots[$dsn] < $this->size) {
                return $this->connect($dsn, $deadline);
            } else {
                $this->waiting[$dsn]++;
                $this->counts[$dsn]['waits']++;
                try {
                    $conn = $idle->pop(chan_db_left($deadline));
                } catch (TimeoutException $e) {
                    $this->counts[$dsn]['timeouts']++;
                    throw new TimeoutException(sprintf('DbPool: no connection to %s came free within %.3g s (all %d out)',
                        $dsn, $timeout, $this->size), 0, $e);
                } finally {
                    $this->waiting[$dsn]--;
                }
            }
            if ($conn === null) {
                $this->slots[$dsn]--;
                return $this->connect($dsn, $deadline);
            }
            if ($this->driver->broken($conn)) {
                $this->counts[$dsn]['broken']++;
                $this->discard($dsn, $conn);
                continue;
            }
            $this->out[$conn] = $dsn;
            $this->counts[$dsn]['reused']++;
            return $conn;
        }
    }

    /**
     * Gives back a connection that get() lent: idle again for the next
     * get(), or closed when it may not be lent again (see the top of this
     * file) or the pool is closed.
     */
    public function put(object $conn): void
    {
        $dsn = $this->out[$conn] ?? throw new LogicException('DbPool: put() of a connection that is not lent out');
        unset($this->out[$conn]);
        if ($this->closed || !$this->driver->reusable($conn)) {
            $this->counts[$dsn]['discarded']++;
            $this->discard($dsn, $conn);
        } elseif (!$this->idle[$dsn]->tryPush($conn)) {
            $this->discard($dsn, $conn); // cannot happen: the channel holds $size
        }
    }

    /**
     * get(), the query, put(): the query's result (false as the driver
     * says). $timeout bounds the wait for a connection and the query
     * together (null: the pool's wait timeout, then no limit).
     */
    public function query(string $dsn, string $sql, ?float $timeout = null): mixed
    {
        $deadline = chan_db_deadline($timeout);
        $conn = $this->get($dsn, $timeout);
        try {
            return $this->driver->query($conn, $dsn, $sql, chan_db_left($deadline));
        } finally {
            $this->put($conn);
        }
    }

    /**
     * Opens connections to $dsn until $n are idle or the bound is reached
     * (concurrently for pgsql); how many are idle then. For a load that
     * should not wait for connects.
     */
    public function warm(string $dsn, int $n): int
    {
        if ($this->closed) {
            throw new LogicException('DbPool: closed');
        }
        $idle = $this->idle[$dsn] ??= $this->add($dsn);
        $missing = min($n, $this->size) - (count($idle) - $this->slots[$dsn]);
        $conns = [];
        $group = new Chan\Group(50); // connects at once, at most
        for ($i = 0; $i < $missing; $i++) {
            $group->go(function () use ($dsn, &$conns): void {
                if ($this->open[$dsn] + $this->slots[$dsn] < $this->size) {
                    $conns[] = $this->connect($dsn, chan_db_deadline($this->connectTimeout));
                }
            });
        }
        try {
            $group->wait();
        } finally {
            foreach ($conns as $conn) {
                $this->put($conn);
            }
        }
        return count($idle) - $this->slots[$dsn];
    }

    /**
     * Counters for $dsn: open (connecting, lent out or idle), out, idle,
     * waiting (parked in get()), and since the start: connects, reused,
     * waits (get() calls that parked), timeouts, discarded (given back
     * unfit), broken (idle ones found dead), peak (most open at once).
     *
     * @return array<string, int>
     */
    public function stats(string $dsn): array
    {
        if (!isset($this->idle[$dsn])) {
            return ['open' => 0, 'out' => 0, 'idle' => 0, 'waiting' => 0];
        }
        $out = 0;
        foreach ($this->out as $d) {
            $out += (int) ($d === $dsn);
        }
        return [
            'open' => $this->open[$dsn],
            'out' => $out,
            'idle' => count($this->idle[$dsn]) - $this->slots[$dsn],
            'waiting' => $this->waiting[$dsn],
        ] + $this->counts[$dsn];
    }

    /**
     * Closes the idle connections; those lent out are closed when they are
     * given back, and get() throws LogicException from now on. Coroutines
     * parked in get() get Chan\ClosedException.
     */
    public function close(): void
    {
        $this->closed = true;
        foreach ($this->idle as $dsn => $idle) {
            while ($idle->tryPop($conn)) {
                if ($conn === null) {
                    $this->slots[$dsn]--;
                } else {
                    $this->discard($dsn, $conn);
                }
            }
            $idle->close();
        }
    }

    private function add(string $dsn): Channel
    {
        $this->open[$dsn] = $this->slots[$dsn] = $this->waiting[$dsn] = 0;
        $this->counts[$dsn] = ['connects' => 0, 'reused' => 0, 'waits' => 0, 'timeouts' => 0, 'discarded' => 0,
            'broken' => 0, 'peak' => 0];
        return new Channel($this->size);
    }

    /** A new connection in a slot the caller holds (counted in open). */
    private function connect(string $dsn, ?float $deadline): object
    {
        $this->open[$dsn]++;
        $this->counts[$dsn]['peak'] = max($this->counts[$dsn]['peak'], $this->open[$dsn]);
        try {
            $left = chan_db_left($deadline);
            $conn = $this->driver->connect($dsn, $left === null ? $this->connectTimeout
                : min($left, $this->connectTimeout ?? $left));
        } catch (Throwable $e) {
            $this->open[$dsn]--;
            $this->release($dsn);
            throw $e;
        }
        $this->counts[$dsn]['connects']++;
        $this->out[$conn] = $dsn;
        return $conn;
    }

    private function discard(string $dsn, object $conn): void
    {
        $this->driver->close($conn, $dsn);
        $this->open[$dsn]--;
        $this->release($dsn);
    }

    /** A slot came free: the first waiter gets it (a null: connect yourself). */
    private function release(string $dsn): void
    {
        if ($this->waiting[$dsn] > $this->slots[$dsn] && !$this->closed && $this->idle[$dsn]->tryPush(null)) {
            $this->slots[$dsn]++;
        }
    }
}

final class PgDriver implements DbDriver
{
    public function connect(string $dsn, ?float $timeout): PgSql\Connection
    {
        $conn = @pg_connect_co($dsn, $timeout);
        if ($conn === false) {
            throw new DbConnectError(preg_replace('/^pg_connect(_co)?\(\): /', '',
                error_get_last()['message'] ?? "cannot connect to $dsn"));
        }
        return $conn;
    }

    public function query(object $conn, string $dsn, string $sql, ?float $timeout): PgSql\Result|false
    {
        return pg_query_co($conn, $sql, $timeout);
    }

    public function reusable(object $conn): bool
    {
        try {
            return !chan_db_unsettled($conn)
                && pg_connection_status($conn) === PGSQL_CONNECTION_OK
                && pg_transaction_status($conn) === PGSQL_TRANSACTION_IDLE; // no query running or unread, no transaction
        } catch (Error) {
            return false; // closed
        }
    }

    public function broken(object $conn): bool
    {
        return db_pool_idle_readable(pg_socket($conn));
    }

    public function close(object $conn, string $dsn): void
    {
        try {
            if (pg_connection_status($conn) === PGSQL_CONNECTION_OK
                && pg_transaction_status($conn) === PGSQL_TRANSACTION_ACTIVE) {
                pg_abort_co($conn); // a query still running: stop it on the server (one blocking round trip)
            }
            pg_close($conn);
        } catch (Throwable) {
            // closed already
        }
    }

}

/**
 * Whether an idle connection's socket (a stream, or a mysqli) can be read:
 * no query runs on it, so the server has closed it (or sent a notice
 * unasked; the connection is dropped all the same). A check, not a wait.
 */
function db_pool_idle_readable(mixed $socket): bool
{
    try {
        Coroutine::waitReadable($socket, 0);
        return true;
    } catch (TimeoutException) {
        return false;
    } catch (Throwable) {
        return true; // no descriptor any more
    }
}

final class MysqliDriver implements DbDriver
{
    /** @var array<string, mysqli> DSN => the connection for KILL QUERY */
    private array $admin = [];

    public function connect(string $dsn, ?float $timeout): mysqli
    {
        $p = self::parse($dsn);
        $m = mysqli_init();
        if ($timeout !== null) {
            $m->options(MYSQLI_OPT_CONNECT_TIMEOUT, max(1, (int) ceil($timeout)));
        }
        try {
            if (@$m->real_connect($p['host'], $p['user'], $p['password'], $p['dbname'], $p['port'], $p['unix_socket'])) {
                return $m;
            }
            $error = $m->connect_error ?? 'unknown error';
        } catch (mysqli_sql_exception $e) { // mysqli_report(MYSQLI_REPORT_STRICT), PHP's default
            $error = $e->getMessage();
        }
        throw new DbConnectError("cannot connect to $dsn: $error", 0, $e ?? null);
    }

    public function query(object $conn, string $dsn, string $sql, ?float $timeout): mysqli_result|bool
    {
        try {
            return mysqli_query_co($conn, $sql, $timeout, fn () => $this->admin($dsn));
        } catch (Throwable $e) {
            // A KILL QUERY that failed leaves its error on the admin
            // connection: make a new one next time.
            $admin = $this->admin[$dsn] ?? null;
            if ($admin !== null && !$this->reusable($admin)) {
                unset($this->admin[$dsn]);
                $this->close($admin, $dsn);
            }
            throw $e;
        }
    }

    public function reusable(object $conn): bool
    {
        try {
            return !chan_db_unsettled($conn) && !in_array($conn->errno, CHAN_DB_MYSQL_LOST, true) && !self::pending($conn);
        } catch (Error) {
            return false; // closed
        }
    }

    /** Whether an asynchronous query was sent on $m and not reaped (mysqli_poll() rejects a connection without one). */
    public static function pending(mysqli $m): bool
    {
        $read = $error = [$m];
        $reject = [];
        mysqli_poll($read, $error, $reject, 0);
        return $reject === [];
    }

    public function broken(object $conn): bool
    {
        return db_pool_idle_readable($conn);
    }

    public function close(object $conn, string $dsn): void
    {
        try {
            if (self::pending($conn)) {
                mysqli_abort_co($conn, fn () => $this->admin($dsn)); // KILL QUERY (blocks for the round trip), or close
            }
            $conn->close();
        } catch (Throwable) {
            // closed already
        }
    }

    /** The connection for KILL QUERY on $dsn, made on first use; null when it cannot be made. */
    private function admin(string $dsn): ?mysqli
    {
        if (!isset($this->admin[$dsn])) {
            try {
                $this->admin[$dsn] = $this->connect($dsn, 2.0);
            } catch (Throwable) {
                return null; // interrupted queries close their connection instead
            }
        }
        return $this->admin[$dsn];
    }

    /**
     * 'mysql:unix_socket=/run/my.sock;dbname=app;user=app' (PDO's form,
     * with user= and password= in it) as real_connect()'s arguments.
     *
     * @return array{host: string, user: string, password: string, dbname: string, port: int, unix_socket: ?string}
     */
    public static function parse(string $dsn): array
    {
        $p = ['host' => 'localhost', 'user' => '', 'password' => '', 'dbname' => '', 'port' => 3306, 'unix_socket' => null];
        foreach (explode(';', preg_replace('/^mysql:/', '', $dsn)) as $pair) {
            if ($pair === '') {
                continue;
            }
            [$k, $v] = array_pad(explode('=', $pair, 2), 2, '');
            if (!array_key_exists($k, $p)) {
                throw new ValueError("MysqliDriver: unknown DSN key '$k' in '$dsn'");
            }
            $p[$k] = $k === 'port' ? (int) $v : $v;
        }
        return $p;
    }
}
