--TEST--
PostgreSQL: a slow query (pg_sleep(30)) past pg_query_co()'s $timeout, then past a Chan\withTimeout() deadline: Chan\TimeoutException at the timeout, the query is cancelled on the server (its backend is idle again), the connection serves the next query, and other coroutines ran while it waited
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\{go, withTimeout};

$dsn = chan_db_env('CHAN_PG_DSN');

Chan\run(function () use ($dsn) {
    $conn = pg_connect_co($dsn, 10);
    $mon = pg_connect_co($dsn, 10);
    $pid = pg_get_pid($conn);
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) {
        while (!$done) {
            Coroutine::sleep(0.02);
            $ticks++;
        }
    });
    $server = function () use ($mon, $pid) {
        $r = pg_query_co($mon, "select state, query from pg_stat_activity where pid = $pid", 10);
        return implode(': ', pg_fetch_row($r));
    };

    foreach (['$timeout 0.5' => fn () => pg_query_co($conn, 'select pg_sleep(30) /* timeout */', 0.5),
              'withTimeout(0.5)' => fn () => withTimeout(0.5, fn () => pg_query_co($conn, 'select pg_sleep(30) /* deadline */'))]
             as $what => $query) {
        echo "--- $what\n";
        $t = hrtime(true);
        try {
            $query();
            echo "returned?\n";
        } catch (Chan\TimeoutException $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
        $elapsed = (hrtime(true) - $t) / 1e9;
        echo "at the timeout (0.45 to 5 s): ", var_export($elapsed >= 0.45 && $elapsed < 5, true), "\n";
        echo "server: ", $server(), "\n";
        $r = pg_query_co($conn, 'select 7', 10);
        echo "next query: ", $r ? pg_fetch_result($r, 0, 0) : 'false', "\n";
        chan_db_note(sprintf("pgsql: pg_sleep(30) under %s: TimeoutException and cancelled after %.3f s", $what, $elapsed));
    }
    $done = true;
    echo "other coroutines ran meanwhile: ", var_export($ticks >= 20, true), "\n";
});
?>
--EXPECT--
--- $timeout 0.5
Chan\TimeoutException: Chan\Coroutine::waitReadable() timed out
at the timeout (0.45 to 5 s): true
server: idle: select pg_sleep(30) /* timeout */
next query: 7
--- withTimeout(0.5)
Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
at the timeout (0.45 to 5 s): true
server: idle: select pg_sleep(30) /* deadline */
next query: 7
other coroutines ran meanwhile: true
