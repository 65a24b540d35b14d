<?php
/*
 * Test support for tests/db: the asynchronous query helpers of
 * examples/db/async.php (pg_connect_co(), pg_query_co(),
 * pg_query_params_co(), mysqli_query_co(); see that file), and
 * chan_db_env(), chan_db_skip() (the SKIPIF sections), chan_db_mysqli(),
 * chan_db_note(), chan_db_example(); for the pool of examples/db/pool.php,
 * chan_db_pool() and the small helpers after it.
 *
 * tests/db/run.sh runs the tests from a copy of this directory, so the
 * examples are found through the checkout that holds tests/db/servers.sh
 * (CHAN_DB_SERVERS in the servers' environment) when they are not at
 * ../../examples.
 */

declare(strict_types=1);

use Chan\Coroutine;

// --- test support -----------------------------------------------------------

/**
 * A variable of tests/db/servers.sh's environment: from the process
 * environment (tests/db/run.sh exports it), else from the file named by
 * CHAN_DB_ENV (DIR/env). null when neither has it.
 */
function chan_db_env(string $name): ?string
{
    $v = getenv($name);
    if ($v !== false && $v !== '') {
        return $v;
    }
    $file = getenv('CHAN_DB_ENV');
    if ($file === false || !is_readable($file)) {
        return null;
    }
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $line) {
        if (preg_match('/^' . preg_quote($name, '/') . "='?(.*?)'?$/", $line, $m)) {
            return $m[1];
        }
    }
    return null;
}

/**
 * The path of examples/$relative in the checkout: beside tests/ when the
 * tests run in place, else in the checkout of CHAN_DB_SERVERS
 * (tests/db/servers.sh). null when neither has it.
 */
function chan_db_example(string $relative): ?string
{
    $roots = [dirname(__DIR__, 2)];
    $servers = chan_db_env('CHAN_DB_SERVERS');
    if ($servers !== null) {
        $roots[] = dirname($servers, 3);
    }
    foreach ($roots as $root) {
        if (is_file("$root/examples/$relative")) {
            return realpath("$root/examples/$relative");
        }
    }
    return null;
}

/** Appends a line (a timing) to the file named by CHAN_DB_NOTES, which tests/db/run.sh prints at the end. */
function chan_db_note(string $line): void
{
    $file = getenv('CHAN_DB_NOTES');
    if ($file !== false && $file !== '') {
        file_put_contents($file, $line . "\n", FILE_APPEND | LOCK_EX);
    }
}

/** A new mysqli to the test server (blocking connect), or null if none is configured. */
function chan_db_mysqli(): ?mysqli
{
    $socket = chan_db_env('CHAN_MYSQL_SOCKET');
    if ($socket === null) {
        return null;
    }
    return new mysqli('localhost', chan_db_env('CHAN_MYSQL_USER') ?? 'chan', '',
        chan_db_env('CHAN_MYSQL_DB') ?? 'chan', 0, $socket);
}

// --- the pool (examples/db/pool.php) ------------------------------------------

/**
 * A DbPool of $size connections on the test server of $db ('pgsql' or
 * 'mysqli') and the DSN it is keyed by: [DbPool, string]. PostgreSQL
 * connections carry application_name chan_pool_test, for
 * chan_db_server_count().
 */
function chan_db_pool(string $db, int $size, ?float $wait = 10.0): array
{
    require_once chan_db_example('db/pool.php');
    if ($db === 'pgsql') {
        return [new DbPool(new PgDriver(), $size, $wait), chan_db_env('CHAN_PG_DSN') . ' application_name=chan_pool_test'];
    }
    $dsn = sprintf('mysql:unix_socket=%s;dbname=%s;user=%s', chan_db_env('CHAN_MYSQL_SOCKET'),
        chan_db_env('CHAN_MYSQL_DB') ?? 'chan', chan_db_env('CHAN_MYSQL_USER') ?? 'chan');
    return [new DbPool(new MysqliDriver(), $size, $wait), $dsn];
}

/** A connection for watching the server from a test: pgsql's (asynchronous connect) or mysqli's. */
function chan_db_monitor(string $db): object
{
    return $db === 'pgsql' ? pg_connect_co(chan_db_env('CHAN_PG_DSN'), 10) : chan_db_mysqli();
}

/** SQL that sleeps $seconds and returns the id of its connection on the server (backend pid, thread id). */
function chan_db_sleep_sql(string $db, float $seconds, string $tag = ''): string
{
    return $db === 'pgsql'
        ? "select pg_backend_pid(), pg_sleep($seconds) $tag"
        : "select connection_id(), sleep($seconds) $tag";
}

/** The first column of a result's first row (a result of pg_query_co() or mysqli_query_co()). */
function chan_db_value(mixed $result): ?string
{
    if ($result instanceof PgSql\Result) {
        return pg_fetch_result($result, 0, 0);
    }
    if ($result instanceof mysqli_result) {
        $v = $result->fetch_row()[0];
        return $v === null ? null : (string) $v;
    }
    return null;
}

/** The id of $conn on the server: the backend's pid, or the thread id. */
function chan_db_conn_id(object $conn): int
{
    return $conn instanceof mysqli ? (int) $conn->thread_id : pg_get_pid($conn);
}

/**
 * Connections open on the server that a test's pool may have made: pgsql's
 * with application_name chan_pool_test, or those of the mysqli user but
 * $monitor's own. Asked through $monitor.
 */
function chan_db_server_count(string $db, object $monitor): int
{
    if ($db === 'pgsql') {
        $r = pg_query_co($monitor, "select count(*) from pg_stat_activity where application_name = 'chan_pool_test'", 10);
        return (int) pg_fetch_result($r, 0, 0);
    }
    $r = mysqli_query_co($monitor, "select count(*) from information_schema.processlist where user = '"
        . (chan_db_env('CHAN_MYSQL_USER') ?? 'chan') . "' and id <> connection_id()", 10);
    return (int) $r->fetch_row()[0];
}

/**
 * Waits (up to 10 s) until chan_db_server_count() is 0: connections that
 * earlier tests closed may take a moment to leave the server's list.
 */
function chan_db_wait_server_idle(string $db, object $monitor): int
{
    $t = hrtime(true);
    while (($n = chan_db_server_count($db, $monitor)) > 0 && hrtime(true) - $t < 10e9) {
        Chan\Coroutine::sleep(0.05);
    }
    return $n;
}

/**
 * For SKIPIF: prints "skip REASON" when the tests of $db ('pgsql' or
 * 'mysqli') cannot run here. A server that is configured but does not
 * answer is no reason to skip: the test fails.
 */
function chan_db_skip(string $db): void
{
    $reason = null;
    if (!function_exists('mysqli_query_co')) {
        $reason = 'examples/db/async.php not found (neither at ' . dirname(__DIR__, 2)
            . '/examples nor beside CHAN_DB_SERVERS)';
    } elseif (!extension_loaded('chan')) {
        $reason = 'chan is not loaded';
    } elseif (!extension_loaded($db)) {
        $reason = "the $db extension is not loaded (Debian: php" . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION
            . '-' . ($db === 'pgsql' ? 'pgsql' : 'mysql') . '; tests/db/servers.sh install)';
    } elseif (chan_db_env($db === 'pgsql' ? 'CHAN_PG_DSN' : 'CHAN_MYSQL_SOCKET') === null) {
        $reason = 'no test server: ' . ($db === 'pgsql' ? 'CHAN_PG_DSN' : 'CHAN_MYSQL_SOCKET')
            . ' is not set (tests/db/run.sh starts private servers and sets it)';
    } elseif ($db === 'mysqli') {
        try {
            $m = chan_db_mysqli();
            try {
                Coroutine::waitReadable($m, 0); // an idle connection: TimeoutException
            } catch (Chan\TimeoutException) {
            }
            $m->close();
        } catch (TypeError | ValueError $e) {
            $reason = 'Chan\Coroutine::waitReadable() does not take a mysqli object: ' . $e->getMessage();
        } catch (mysqli_sql_exception) {
            // the test reports it
        }
    }
    if ($reason !== null) {
        echo "skip $reason\n";
    }
}

// The helpers themselves; chan_db_skip() skips the tests when they are missing.
if (($chan_db_async = chan_db_example('db/async.php')) !== null) {
    require_once $chan_db_async;
}
unset($chan_db_async);
