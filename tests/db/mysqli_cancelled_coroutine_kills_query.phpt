--TEST--
MySQL (MariaDB): Chan\Coroutine::cancel() of a coroutine waiting on sleep(30): it gets Chan\CancelledException at once, the query is killed on the server (its thread is idle again) and the connection serves the next query; a cancelled coroutine that does not catch ends quietly, its query killed too
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\go;

mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
$m = chan_db_mysqli();
$admin = chan_db_mysqli();
$mon = chan_db_mysqli();

Chan\run(function () use ($m, $admin, $mon) {
    $command = function () use ($mon, $m) {
        $r = mysqli_query_co($mon, "select command from information_schema.processlist where id = {$m->thread_id}", 10);
        return $r->fetch_row()[0] ?? 'gone';
    };

    foreach (['catches' => true, 'does not catch' => false] as $what => $catch) {
        echo "--- a coroutine that $what\n";
        $id = go(function () use ($m, $admin, $catch) {
            try {
                mysqli_query_co($m, 'select sleep(30)', null, $admin);
                echo "returned?\n";
            } catch (Chan\CancelledException $e) {
                echo "coroutine: ", get_class($e), ": ", $e->getMessage(), "\n";
                if (!$catch) {
                    throw $e;
                }
            }
        });
        $t = hrtime(true);
        while ($command() !== 'Query' && hrtime(true) - $t < 10e9) {
            Coroutine::sleep(0.02);
        }
        echo "server before: ", $command(), "\n";
        $t = hrtime(true);
        Coroutine::cancel($id);
        while (Coroutine::exists($id) && hrtime(true) - $t < 10e9) {
            Coroutine::sleep(0.01);
        }
        $elapsed = (hrtime(true) - $t) / 1e9;
        echo "coroutine ended at once (< 2 s): ", var_export(!Coroutine::exists($id) && $elapsed < 2, true), "\n";
        // the server answers the killed query a moment before it updates
        // the processlist: wait (up to 2 s) for its thread to be idle
        $t = hrtime(true);
        while (($after = $command()) !== 'Sleep' && hrtime(true) - $t < 2e9) {
            Coroutine::sleep(0.01);
        }
        echo "server after: $after\n";
        echo "next query: ", mysqli_query_co($m, 'select 9', 10)->fetch_row()[0], "\n";
        chan_db_note(sprintf("mysqli: cancelled coroutine (%s) ended, query killed, in %.3f s", $what, $elapsed));
    }
});
?>
--EXPECT--
--- a coroutine that catches
server before: Query
coroutine: Chan\CancelledException: Coroutine 2 was cancelled
coroutine ended at once (< 2 s): true
server after: Sleep
next query: 9
--- a coroutine that does not catch
server before: Query
coroutine: Chan\CancelledException: Coroutine 3 was cancelled
coroutine ended at once (< 2 s): true
server after: Sleep
next query: 9
