--TEST--
MySQL (MariaDB): a failing query in some coroutines (a syntax error, a missing table, a duplicate key after a sleep) throws mysqli_sql_exception for them only; the others, sleeping at the same time, get their rows, and the failed connections serve the next query
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\WaitGroup;
use function Chan\go;

mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
$bad = [
    3 => 'selec 1',
    6 => 'select * from no_such_table',
    8 => 'insert into dup (k) select sleep(0.2) union all select 0',
];
$setup = chan_db_mysqli();
$setup->query('drop table if exists dup');
$setup->query('create table dup (k int primary key)');
$conns = [];
for ($i = 0; $i < 10; $i++) {
    $conns[$i] = chan_db_mysqli();
}

Chan\run(function () use ($conns, $bad) {
    $out = [];
    $span = [];   // when each sleep was sent and when its answer came
    $t = hrtime(true);
    $wg = new WaitGroup();
    foreach ($conns as $i => $m) {
        $wg->add();
        go(function () use ($m, $i, $bad, &$out, &$span, $wg) {
            try {
                $sent = hrtime(true);
                $r = mysqli_query_co($m, $bad[$i] ?? "select sleep(0.3), $i * 10 as v", 10);
                if (!isset($bad[$i])) {
                    $span[$i] = [$sent, hrtime(true)];
                }
                $out[$i] = 'v=' . $r->fetch_assoc()['v'];
            } catch (mysqli_sql_exception $e) {
                $out[$i] = get_class($e) . ' ' . $e->getCode() . ': ' . $e->getMessage();
            }
            $r = mysqli_query_co($m, "select $i + 100", 10);
            $out[$i] .= ', then ' . $r->fetch_row()[0];
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    ksort($out);
    foreach ($out as $i => $line) {
        echo "$i: $line\n";
    }
    // In series each sleep would be sent after the one before had ended;
    // the time it takes overall depends on the machine.
    echo "in parallel (every sleep sent before the first one ended): ",
        var_export(count($span) === 7 && max(array_column($span, 0)) < min(array_column($span, 1)), true), "\n";
    chan_db_note(sprintf("mysqli: 10 coroutines, 3 failing, in %.3f s", $elapsed));
});
$setup->query('drop table dup');
?>
--EXPECTF--
0: v=0, then 100
1: v=10, then 101
2: v=20, then 102
3: mysqli_sql_exception 1064: You have an error in your SQL syntax; %s near 'selec 1' at line 1, then 103
4: v=40, then 104
5: v=50, then 105
6: mysqli_sql_exception 1146: Table 'chan.no_such_table' doesn't exist, then 106
7: v=70, then 107
8: mysqli_sql_exception 1062: Duplicate entry '0' for key 'PRIMARY', then 108
9: v=90, then 109
in parallel (every sleep sent before the first one ended): true
