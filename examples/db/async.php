<?php
/*
 * Database queries from chan coroutines without blocking the process: the
 * query is sent, the coroutine parks in Chan\Coroutine::waitReadable() on
 * the connection's socket, and other coroutines run until the server
 * answers. One connection serves one query at a time; give each coroutine
 * its own connection (examples/db/pool.php lends them out).
 *
 *   pg_connect_co($dsn, $timeout)              PgSql\Connection|false
 *   pg_query_co($conn, $sql, $timeout)         PgSql\Result|false
 *   pg_query_params_co($conn, $sql, $params, $timeout)
 *   mysqli_query_co($mysqli, $sql, $timeout, $admin)   mysqli_result|bool
 *   chan_db_unsettled($conn)                   bool: see below
 *
 * They behave as PHP's pg_connect(), pg_query() and mysqli::query(): errors
 * of the server or of the connection are false with a warning (pgsql), or
 * false / mysqli_sql_exception as mysqli_report() says (mysqli). $timeout
 * is seconds for the whole call (null: no limit); when it expires they
 * throw Chan\TimeoutException. A query that does not finish (timeout,
 * Chan\Coroutine::cancel(), a Chan\withTimeout() deadline) is stopped on
 * the server before the exception leaves:
 *   - pgsql: pg_cancel_query(), then the connection is ready for the next
 *     query. pg_cancel_query() blocks the process for one round trip to
 *     the server (a cancel request on a new socket, then the answer).
 *   - mysqli: with $admin (another connection of the same user to the same
 *     server, or a Closure that returns one, called only when a query is to
 *     be stopped) "KILL QUERY <thread id>" on it, then the interrupted query's
 *     answer is read (blocking for that round trip, at most 2 s); the
 *     connection is then ready for the next query. Without $admin, or when
 *     that fails, the connection is closed: mysqli has no other way to stop
 *     a query, and the server may run the query to its end.
 *
 * chan_db_unsettled($conn) is true from the moment one of these helpers
 * sends a query on $conn until that query has ended cleanly: its results
 * all read, a server error such as a syntax error included. A query that
 * was interrupted (timeout, cancellation, deadline) or whose connection was
 * lost leaves it true. A pool (examples/db/pool.php) never lends such a
 * connection again, whatever state the interrupted query left it in.
 *
 * Where the process still blocks: pg_send_query() sends the whole query
 * before it returns (a huge query waits for the socket); pgsql results are
 * taken only once complete, but mysqli's reap_async_query() reads a result
 * set whole once its first bytes are there (a large one streams in while
 * the process waits); mysqli has no asynchronous connect, so new mysqli()
 * blocks while it connects (quick on a Unix socket). Never send a query on
 * a pgsql connection whose results have not all been read: PHP's
 * pg_send_query() then waits for them, blocking the process (these
 * helpers always read them all, or cancel).
 *
 * mysqli_query_co() needs Chan\Coroutine::waitReadable() to accept a mysqli
 * object (chan built with mysqli's headers at hand).
 *
 * tests/db/lib.php requires this file and adds what the tests need.
 */

declare(strict_types=1);

use Chan\Coroutine;

/** Seconds left until $deadline (hrtime seconds), null for no deadline; 0.0 once it has passed. */
function chan_db_left(?float $deadline): ?float
{
    return $deadline === null ? null : max(0.0, $deadline - hrtime(true) / 1e9);
}

function chan_db_deadline(?float $timeout): ?float
{
    return $timeout === null || $timeout === INF ? null : hrtime(true) / 1e9 + $timeout;
}

/**
 * Whether a query these helpers sent on $conn has not ended cleanly (see
 * the top of this file). With $set, marks $conn (true) or clears the mark
 * (false) first: code that sends queries by other means can mark its
 * connections too.
 */
function chan_db_unsettled(object $conn, ?bool $set = null): bool
{
    /** @var WeakMap<object, true>|null $marked */
    static $marked = null;
    $marked ??= new WeakMap();
    if ($set === true) {
        $marked[$conn] = true;
    } elseif ($set === false) {
        unset($marked[$conn]);
    }
    return isset($marked[$conn]);
}

// --- PostgreSQL -------------------------------------------------------------

/**
 * pg_connect() that waits cooperatively: an asynchronous connect
 * (PGSQL_CONNECT_ASYNC, always a new connection) driven by
 * pg_connect_poll(). false with a warning when the server refuses.
 */
function pg_connect_co(string $dsn, ?float $timeout = null): PgSql\Connection|false
{
    $deadline = chan_db_deadline($timeout);
    $conn = pg_connect($dsn, PGSQL_CONNECT_ASYNC | PGSQL_CONNECT_FORCE_NEW);
    if ($conn === false) {
        return false; // pg_connect() warned
    }
    try {
        // libpq: before the first pg_connect_poll(), wait as for WRITING.
        $status = PGSQL_POLLING_WRITING;
        while (true) {
            switch ($status) {
                case PGSQL_POLLING_OK:
                    return $conn;
                case PGSQL_POLLING_FAILED:
                    trigger_error('pg_connect_co(): Unable to connect to PostgreSQL server: '
                        . trim(pg_last_error($conn)), E_USER_WARNING);
                    pg_close($conn);
                    return false;
                case PGSQL_POLLING_READING:
                    Coroutine::waitReadable(pg_socket($conn), chan_db_left($deadline));
                    break;
                case PGSQL_POLLING_WRITING:
                    Coroutine::waitWritable(pg_socket($conn), chan_db_left($deadline));
                    break;
                default: // PGSQL_POLLING_ACTIVE: poll again
                    Coroutine::yield();
            }
            $status = pg_connect_poll($conn);
        }
    } catch (Throwable $e) {
        pg_close($conn);
        throw $e;
    }
}

/** pg_query() that waits cooperatively; see the top of this file. */
function pg_query_co(PgSql\Connection $conn, string $sql, ?float $timeout = null): PgSql\Result|false
{
    $deadline = chan_db_deadline($timeout);
    chan_db_unsettled($conn, true);
    if (!pg_send_query($conn, $sql)) {
        trigger_error('pg_query_co(): Query failed: ' . trim(pg_last_error($conn)), E_USER_WARNING);
        return false;
    }
    return pg_result_co($conn, $deadline, 'pg_query_co');
}

/** pg_query_params() that waits cooperatively. */
function pg_query_params_co(PgSql\Connection $conn, string $sql, array $params, ?float $timeout = null): PgSql\Result|false
{
    $deadline = chan_db_deadline($timeout);
    chan_db_unsettled($conn, true);
    if (!pg_send_query_params($conn, $sql, $params)) {
        trigger_error('pg_query_params_co(): Query failed: ' . trim(pg_last_error($conn)), E_USER_WARNING);
        return false;
    }
    return pg_result_co($conn, $deadline, 'pg_query_params_co');
}

/**
 * Collects the results of the query just sent on $conn, parking while the
 * server works: the last result, or false with a warning when a statement
 * failed or the connection was lost. Every result is read (libpq's
 * pg_get_result() until false), so the connection is ready for the next
 * query. A query interrupted by an exception is cancelled on the server.
 */
function pg_result_co(PgSql\Connection $conn, ?float $deadline, string $fn): PgSql\Result|false
{
    $last = false;
    $error = null;
    try {
        while (true) {
            // pg_connection_busy() reads what has come (PQconsumeInput());
            // on a connection that has just broken it also gives notices
            // about blocking mode: the loss itself is reported below.
            while (@pg_connection_busy($conn)) {
                Coroutine::waitReadable(pg_socket($conn), chan_db_left($deadline));
                if (!pg_consume_input($conn)) {
                    // The connection broke (the server closed it): no result
                    // will come, and libpq reports why.
                    $error ??= trim(pg_last_error($conn)) ?: 'connection to the server lost';
                    break 2;
                }
            }
            $result = pg_get_result($conn);
            if ($result === false) {
                break;
            }
            if (pg_result_status($result) === PGSQL_FATAL_ERROR) {
                $error ??= trim(pg_result_error($result));
            }
            $last = $result;
        }
    } catch (Throwable $e) {
        pg_abort_co($conn);
        throw $e;
    }
    if (pg_connection_status($conn) === PGSQL_CONNECTION_OK) {
        chan_db_unsettled($conn, false); // every result read, the connection alive
    }
    if ($error !== null || $last === false) {
        trigger_error("$fn(): Query failed: " . ($error ?? (trim(pg_last_error($conn)) ?: 'no result')), E_USER_WARNING);
        return false;
    }
    return $last;
}

/**
 * Stops the query running on $conn and drops its results (blocks for one
 * round trip to the server); a broken connection is left as it is.
 */
function pg_abort_co(PgSql\Connection $conn): void
{
    if (pg_connection_status($conn) === PGSQL_CONNECTION_OK) {
        pg_cancel_query($conn);
    }
}

// --- MySQL / MariaDB --------------------------------------------------------

/**
 * Client error codes that mean the connection is gone: 2006 server has gone
 * away, 2013 lost connection during query, 2055 lost connection at reading,
 * 4031 (MariaDB) disconnected by the server for inactivity.
 */
const CHAN_DB_MYSQL_LOST = [2006, 2013, 2055, 4031];

/**
 * mysqli::query() that waits cooperatively (MYSQLI_ASYNC, then
 * reap_async_query()); see the top of this file for $timeout and $admin.
 */
function mysqli_query_co(mysqli $m, string $sql, ?float $timeout = null, mysqli|Closure|null $admin = null): mysqli_result|bool
{
    $deadline = chan_db_deadline($timeout);
    chan_db_unsettled($m, true);
    if ($m->query($sql, MYSQLI_ASYNC) === false) {
        return false; // not sent: the connection is gone, or misused; it stays unsettled
    }
    try {
        Coroutine::waitReadable($m, chan_db_left($deadline));
    } catch (Throwable $e) {
        mysqli_abort_co($m, $admin);
        throw $e;
    }
    try {
        $result = $m->reap_async_query();
    } catch (mysqli_sql_exception $e) {
        if (!in_array($e->getCode(), CHAN_DB_MYSQL_LOST, true)) {
            chan_db_unsettled($m, false); // an error of the statement: the connection is fine
        }
        throw $e;
    }
    if ($result !== false || !in_array($m->errno, CHAN_DB_MYSQL_LOST, true)) {
        chan_db_unsettled($m, false);
    }
    return $result;
}

/**
 * Stops the query running on $m: KILL QUERY through $admin (or the
 * connection the Closure $admin returns), then reads the
 * interrupted query's answer, which comes at once; or, without $admin or
 * when that fails, closes $m. Like pg_cancel_query(), this blocks the
 * process for the round trip (at most 2 s, then $m is closed): it runs
 * where waiting cooperatively may be impossible, after a withTimeout()
 * deadline has passed, so chan's hooks are off meanwhile (a hooked call
 * past the deadline would throw at once).
 */
function mysqli_abort_co(mysqli $m, mysqli|Closure|null $admin): void
{
    $hooks = ini_get('chan.hooks');
    ini_set('chan.hooks', 'none');
    try {
        mysqli_abort_blocking($m, $admin);
    } finally {
        ini_set('chan.hooks', $hooks);
    }
}

function mysqli_abort_blocking(mysqli $m, mysqli|Closure|null $admin): void
{
    if ($admin !== null) {
        try {
            if ($admin instanceof Closure && !($admin = $admin()) instanceof mysqli) {
                throw new RuntimeException('no connection for KILL QUERY');
            }
            $admin->query('KILL QUERY ' . (int) $m->thread_id);
            $read = $error = [$m];
            $reject = [];
            if (mysqli_poll($read, $error, $reject, 2) > 0) {
                try {
                    $m->reap_async_query();
                } catch (mysqli_sql_exception) {
                    // "Query execution was interrupted": what we asked for
                }
                return;
            }
        } catch (Throwable) {
            // could not kill it: discard $m
        }
    }
    $m->close();
}
