--TEST--
MySQL (MariaDB): the server killed (SIGKILL) while 5 coroutines wait on sleep(60): every waiter gets mysqli_sql_exception (connection lost) at once, none hangs (their 20 s timeouts are only a safety net); the server is started again for the tests after this one
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\{Coroutine, WaitGroup};
use function Chan\go;

mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
$conns = [];
for ($i = 0; $i < 5; $i++) {
    $conns[$i] = chan_db_mysqli();
}
$mon = chan_db_mysqli();

Chan\run(function () use ($conns, $mon) {
    $out = [];
    $wg = new WaitGroup();
    foreach ($conns as $i => $m) {
        $wg->add();
        go(function () use ($m, $i, &$out, $wg) {
            try {
                mysqli_query_co($m, 'select sleep(60) /* killed */', 20);
                $out[$i] = 'a result?';
            } catch (mysqli_sql_exception $e) {
                $out[$i] = get_class($e) . (in_array($e->getCode(), [2006, 2013], true) ? ': connection lost' : ': ' . $e->getCode() . ' ' . $e->getMessage());
            } catch (Chan\TimeoutException $e) {
                $out[$i] = 'timed out: it hung';
            }
            $wg->done();
        });
    }
    // until the server runs all five
    $t = hrtime(true);
    do {
        Coroutine::sleep(0.05);
        $r = mysqli_query_co($mon, "select count(*) from information_schema.processlist where info like '%/* killed */' and info not like '%processlist%'", 10);
        $active = (int) $r->fetch_row()[0];
    } while ($active < 5 && hrtime(true) - $t < 10e9);
    echo "running on the server: $active\n";

    $pid = (int) file_get_contents(chan_db_env('CHAN_MYSQL_PIDFILE'));
    $t = hrtime(true);
    function_exists('posix_kill') ? posix_kill($pid, 9) : exec("kill -KILL $pid");
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    ksort($out);
    foreach ($out as $i => $line) {
        echo "$i: $line\n";
    }
    echo "all at once (< 10 s): ", var_export($elapsed < 10, true), "\n";
    chan_db_note(sprintf("mysqli: server killed, 5 waiters failed within %.3f s", $elapsed));
});

// the server back, for the tests that follow
$t = hrtime(true);
exec(escapeshellarg(chan_db_env('CHAN_DB_SERVERS')) . ' start ' . escapeshellarg(chan_db_env('CHAN_DB_DIR')) . ' 2>&1', $log, $rc);
$m = chan_db_mysqli();
echo "server back: ", $rc === 0 ? $m->query('select 1')->fetch_row()[0] : implode("\n", $log), "\n";
chan_db_note(sprintf("mysqli: server restarted in %.3f s", (hrtime(true) - $t) / 1e9));
?>
--EXPECT--
running on the server: 5
0: mysqli_sql_exception: connection lost
1: mysqli_sql_exception: connection lost
2: mysqli_sql_exception: connection lost
3: mysqli_sql_exception: connection lost
4: mysqli_sql_exception: connection lost
all at once (< 10 s): true
server back: 1
