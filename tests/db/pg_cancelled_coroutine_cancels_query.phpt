--TEST--
PostgreSQL: Chan\Coroutine::cancel() of a coroutine waiting on pg_sleep(30): it gets Chan\CancelledException at once, the query is cancelled on the server (the backend is idle again), and the connection serves the next query; a cancelled coroutine that does not catch ends quietly, its query cancelled too
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\go;

$dsn = chan_db_env('CHAN_PG_DSN');

Chan\run(function () use ($dsn) {
    $conn = pg_connect_co($dsn, 10);
    $mon = pg_connect_co($dsn, 10);
    $pid = pg_get_pid($conn);
    $state = function () use ($mon, $pid) {
        $r = pg_query_co($mon, "select state from pg_stat_activity where pid = $pid", 10);
        return pg_fetch_result($r, 0, 0);
    };

    foreach (['catches' => true, 'does not catch' => false] as $what => $catch) {
        echo "--- a coroutine that $what\n";
        $id = go(function () use ($conn, $catch) {
            try {
                pg_query_co($conn, 'select pg_sleep(30)');
                echo "returned?\n";
            } catch (Chan\CancelledException $e) {
                echo "coroutine: ", get_class($e), ": ", $e->getMessage(), "\n";
                if (!$catch) {
                    throw $e;
                }
            }
        });
        $t = hrtime(true);
        while ($state() !== 'active' && hrtime(true) - $t < 10e9) {
            Coroutine::sleep(0.02);
        }
        echo "server before: ", $state(), "\n";
        $t = hrtime(true);
        Coroutine::cancel($id);
        while (Coroutine::exists($id) && hrtime(true) - $t < 10e9) {
            Coroutine::sleep(0.01);
        }
        $elapsed = (hrtime(true) - $t) / 1e9;
        echo "coroutine ended at once (< 2 s): ", var_export(!Coroutine::exists($id) && $elapsed < 2, true), "\n";
        echo "server after: ", $state(), "\n";
        $r = pg_query_co($conn, 'select 9', 10);
        echo "next query: ", $r ? pg_fetch_result($r, 0, 0) : 'false', "\n";
        chan_db_note(sprintf("pgsql: cancelled coroutine (%s) ended, query cancelled, in %.3f s", $what, $elapsed));
    }
});
?>
--EXPECT--
--- a coroutine that catches
server before: active
coroutine: Chan\CancelledException: Coroutine 2 was cancelled
coroutine ended at once (< 2 s): true
server after: idle
next query: 9
--- a coroutine that does not catch
server before: active
coroutine: Chan\CancelledException: Coroutine 3 was cancelled
coroutine ended at once (< 2 s): true
server after: idle
next query: 9
