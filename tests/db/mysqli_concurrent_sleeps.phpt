--TEST--
MySQL (MariaDB): 20 coroutines, each on its own mysqli, run select sleep(0.5) at once (MYSQLI_ASYNC, waitReadable() on the mysqli, reap_async_query()): all finish in well under the serial 10 s, each with its own row, and other coroutines run meanwhile
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
$n = 20;
$conns = [];
for ($i = 0; $i < $n; $i++) {
    $conns[$i] = chan_db_mysqli(); // mysqli connects blocking (quick on the Unix socket)
}

Chan\run(function () use ($conns) {
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
    foreach ($conns as $i => $m) {
        $wg->add();
        go(function () use ($m, $i, &$rows, $wg) {
            $r = mysqli_query_co($m, "select sleep(0.5) as s, $i as n, connection_id() as id", 10);
            $rows[$i] = $r->fetch_assoc();
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    $done = true;

    ksort($rows);
    $ok = true;
    foreach ($rows as $i => $row) {
        $ok = $ok && (int) $row['n'] === $i && (int) $row['s'] === 0;
    }
    echo "rows: ", count($rows), ", each its own n: ", var_export($ok, true), "\n";
    echo "server threads: ", count(array_unique(array_column($rows, 'id'))), "\n";
    echo "took at least one sleep (0.5 s): ", var_export($elapsed >= 0.45, true), "\n";
    echo "well under the serial 10 s (< 5 s): ", var_export($elapsed < 5, true), "\n";
    echo "other coroutines ran meanwhile: ", var_export($ticks >= 5, true), "\n";
    chan_db_note(sprintf("mysqli: 20 concurrent sleep(0.5) in %.3f s (%d ticks of 20 ms meanwhile)", $elapsed, $ticks));
});
?>
--EXPECT--
rows: 20, each its own n: true
server threads: 20
took at least one sleep (0.5 s): true
well under the serial 10 s (< 5 s): true
other coroutines ran meanwhile: true
