--TEST--
PostgreSQL: 20 coroutines, each on its own connection (asynchronous connect), run select pg_sleep(0.5) at once: all finish in well under the serial 10 s, each with its own row, and other coroutines run meanwhile
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\{Coroutine, WaitGroup};
use function Chan\go;

$dsn = chan_db_env('CHAN_PG_DSN');
$n = 20;

Chan\run(function () use ($dsn, $n) {
    // connect all 20 at once, cooperatively
    $conns = [];
    $wg = new WaitGroup();
    for ($i = 0; $i < $n; $i++) {
        $wg->add();
        go(function () use ($dsn, $i, &$conns, $wg) {
            $conns[$i] = pg_connect_co($dsn, 10);
            $wg->done();
        });
    }
    $wg->wait();
    echo "connected: ", count(array_filter($conns, fn ($c) => $c instanceof PgSql\Connection)), "\n";

    $ticks = 0;
    $done = false;
    go(function () use (&$ticks, &$done) { // runs only if the queries do not block the process
        while (!$done) {
            Coroutine::sleep(0.02);
            $ticks++;
        }
    });

    $rows = [];
    $t = hrtime(true);
    $wg = new WaitGroup();
    foreach ($conns as $i => $conn) {
        $wg->add();
        go(function () use ($conn, $i, &$rows, $wg) {
            $r = pg_query_co($conn, "select pg_sleep(0.5), $i as n, pg_backend_pid() as pid", 10);
            $rows[$i] = pg_fetch_assoc($r);
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    $done = true;

    ksort($rows);
    $ok = true;
    foreach ($rows as $i => $row) {
        $ok = $ok && $row['n'] === (string) $i && $row['pg_sleep'] === '';
    }
    echo "rows: ", count($rows), ", each its own n: ", var_export($ok, true), "\n";
    echo "backends: ", count(array_unique(array_column($rows, 'pid'))), "\n";
    echo "took at least one sleep (0.5 s): ", var_export($elapsed >= 0.45, true), "\n";
    echo "well under the serial 10 s (< 5 s): ", var_export($elapsed < 5, true), "\n";
    echo "other coroutines ran meanwhile: ", var_export($ticks >= 5, true), "\n";
    chan_db_note(sprintf("pgsql: 20 concurrent pg_sleep(0.5) in %.3f s (%d ticks of 20 ms meanwhile)", $elapsed, $ticks));
    foreach ($conns as $conn) {
        pg_close($conn);
    }
});
?>
--EXPECT--
connected: 20
rows: 20, each its own n: true
backends: 20
took at least one sleep (0.5 s): true
well under the serial 10 s (< 5 s): true
other coroutines ran meanwhile: true
