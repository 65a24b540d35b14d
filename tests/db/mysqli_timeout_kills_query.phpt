--TEST--
MySQL (MariaDB): a slow query (sleep(30)) past mysqli_query_co()'s $timeout, then past a Chan\withTimeout() deadline: Chan\TimeoutException at the timeout, the query is killed on the server (KILL QUERY through an admin connection; its thread is idle again), the connection serves the next query; without an admin connection the connection is discarded (closed)
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\{go, withTimeout};

mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
$m = chan_db_mysqli();
$admin = chan_db_mysqli();
$mon = chan_db_mysqli();

Chan\run(function () use ($m, $admin, $mon) {
    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) {
        while (!$done) {
            Coroutine::sleep(0.02);
            $ticks++;
        }
    });
    // The server's thread as the processlist shows it, once it is idle
    // ("Sleep": the server answers the killed query a moment before it
    // updates the processlist), or after 2 s.
    $server = function (int $id) use ($mon) {
        $t = hrtime(true);
        while (true) {
            $r = mysqli_query_co($mon, "select command, coalesce(info, '-') from information_schema.processlist where id = $id", 10);
            $row = $r->fetch_row() ?? ['gone'];
            if ($row[0] === 'Sleep' || hrtime(true) - $t > 2e9) {
                return implode(': ', $row);
            }
            Coroutine::sleep(0.01);
        }
    };

    foreach (['$timeout 0.5' => fn () => mysqli_query_co($m, 'select sleep(30) /* timeout */', 0.5, $admin),
              'withTimeout(0.5)' => fn () => withTimeout(0.5, fn () => mysqli_query_co($m, 'select sleep(30) /* deadline */', null, $admin))]
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
        echo "server: ", $server($m->thread_id), "\n";
        echo "next query: ", mysqli_query_co($m, 'select 7', 10)->fetch_row()[0], "\n";
        chan_db_note(sprintf("mysqli: sleep(30) under %s: TimeoutException and KILL QUERY after %.3f s", $what, $elapsed));
    }

    echo "--- no admin connection\n";
    $lone = chan_db_mysqli();
    try {
        mysqli_query_co($lone, 'select sleep(1) /* discarded */', 0.2);
    } catch (Chan\TimeoutException $e) {
        echo get_class($e), "\n";
    }
    try {
        $lone->query('select 1');
    } catch (Error $e) {
        echo "connection discarded: ", $e->getMessage(), "\n";
    }
    $done = true;
    echo "other coroutines ran meanwhile: ", var_export($ticks >= 20, true), "\n";
});
?>
--EXPECT--
--- $timeout 0.5
Chan\TimeoutException: Chan\Coroutine::waitReadable() timed out
at the timeout (0.45 to 5 s): true
server: Sleep: -
next query: 7
--- withTimeout(0.5)
Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
at the timeout (0.45 to 5 s): true
server: Sleep: -
next query: 7
--- no admin connection
Chan\TimeoutException
connection discarded: mysqli object is already closed
other coroutines ran meanwhile: true
