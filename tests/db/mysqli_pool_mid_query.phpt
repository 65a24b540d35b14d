--TEST--
MySQL (MariaDB): a pool (examples/db/pool.php) of one connection never lends again a connection whose query did not end cleanly: interrupted by its timeout, by Coroutine::cancel() of its borrower, by a withTimeout() deadline, or given back with its query still running (sent without the helpers); each is closed, its query stopped on the server, and the next borrower gets a new connection. A query that failed with an SQL error ended cleanly: its connection is lent again
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\go;

$db = 'mysqli';
mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
Chan\run(function () use ($db) {
    [$pool, $dsn] = chan_db_pool($db, 1);
    $mon = chan_db_monitor($db);
    $id = fn () => (int) chan_db_value($pool->query($dsn, chan_db_sleep_sql($db, 0), 10));
    // queries tagged /* mid-query */ still running on the server
    $running = function () use ($db, $mon): int {
        $t = hrtime(true);
        do {
            $r = $db === 'pgsql'
                ? pg_query_co($mon, "select count(*) from pg_stat_activity where state = 'active' and query like '%/* mid-query */%' and pid <> pg_backend_pid()", 10)
                : mysqli_query_co($mon, "select count(*) from information_schema.processlist where info like '%/* mid-query */%' and id <> connection_id()", 10);
            $n = (int) chan_db_value($r);
        } while ($n > 0 && hrtime(true) - $t < 5e9 && (Coroutine::sleep(0.05) || true));
        return $n;
    };
    $report = function (string $what, int $before) use ($pool, $dsn, $id, $running) {
        $s = $pool->stats($dsn);
        $after = $id();
        echo "$what: discarded {$s['discarded']}, open {$s['open']}; next borrower on a new connection: ",
            var_export($after !== $before, true), "; query still running on the server: ", $running(), "\n";
        return $after;
    };
    $sleep = chan_db_sleep_sql($db, 30, '/* mid-query */');

    $conn = $id();
    try {
        $pool->query($dsn, $sleep, 0.2);
    } catch (Chan\TimeoutException $e) {
        echo "timeout: ", get_class($e), "\n";
    }
    $conn = $report('  given back after its timeout', $conn);

    $borrower = go(function () use ($pool, $dsn, $sleep) {
        try {
            $pool->query($dsn, $sleep, 20);
        } catch (Chan\CancelledException $e) {
            echo "cancel: ", get_class($e), "\n";
        }
    });
    Coroutine::sleep(0.2);
    Coroutine::cancel($borrower);
    Coroutine::sleep(0.05);
    $conn = $report('  given back after the cancellation', $conn);

    try {
        Chan\withTimeout(0.2, fn () => $pool->query($dsn, $sleep, 20));
    } catch (Chan\TimeoutException $e) {
        echo "deadline: ", $e->getMessage(), "\n";
    }
    $conn = $report('  given back after the deadline', $conn);

    $c = $pool->get($dsn);
    $db === 'pgsql' ? pg_send_query($c, $sleep) : $c->query($sleep, MYSQLI_ASYNC);
    Coroutine::sleep(0.2);
    $pool->put($c);
    echo "sent by hand, given back while it runs\n";
    $conn = $report('  given back mid-query', $conn);

    try {
        $r = @$pool->query($dsn, 'select nonsense from nowhere', 10);
        echo "SQL error: false: ", var_export($r === false, true), "\n";
    } catch (mysqli_sql_exception $e) {
        echo "SQL error: mysqli_sql_exception\n";
    }
    $s = $pool->stats($dsn);
    echo "  discarded {$s['discarded']}; the same connection lent again: ", var_export($id() === $conn, true), "\n";
    $pool->close();
});
?>
--EXPECT--
timeout: Chan\TimeoutException
  given back after its timeout: discarded 1, open 0; next borrower on a new connection: true; query still running on the server: 0
cancel: Chan\CancelledException
  given back after the cancellation: discarded 2, open 0; next borrower on a new connection: true; query still running on the server: 0
deadline: The deadline of Chan\withTimeout() has passed
  given back after the deadline: discarded 3, open 0; next borrower on a new connection: true; query still running on the server: 0
sent by hand, given back while it runs
  given back mid-query: discarded 4, open 0; next borrower on a new connection: true; query still running on the server: 0
SQL error: mysqli_sql_exception
  discarded 4; the same connection lent again: true
