--TEST--
PostgreSQL: a failing query in some coroutines (division by zero, a syntax error, a missing table after a sleep) is false with a warning for them only; the others, sleeping at the same time, get their rows, and the failed connections serve the next query
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
$bad = [
    3 => 'select 1/0',
    6 => 'selec 1',
    8 => 'select pg_sleep(0.2); select * from no_such_table',
];
$warnings = [];
set_error_handler(function (int $no, string $msg) use (&$warnings) {
    if (!(error_reporting() & $no)) {
        return false; // silenced with @
    }
    $warnings[Coroutine::id()][] = $msg;
    return true;
});

Chan\run(function () use ($dsn, $bad) {
    $out = [];
    $ids = [];
    $span = [];   // when each sleep was sent and when its answer came
    $t = hrtime(true);
    $wg = new WaitGroup();
    $connected = new WaitGroup(10);
    for ($i = 0; $i < 10; $i++) {
        $wg->add();
        $ids[$i] = go(function () use ($dsn, $i, $bad, &$out, &$span, $wg, $connected) {
            $conn = pg_connect_co($dsn, 10);
            $connected->done();
            $connected->wait();   // the queries start together, however long the connects took
            $sent = hrtime(true);
            $r = pg_query_co($conn, $bad[$i] ?? "select pg_sleep(0.3), $i * 10 as v", 10);
            if (!isset($bad[$i])) {
                $span[$i] = [$sent, hrtime(true)];
            }
            $out[$i] = $r === false ? 'false' : 'v=' . pg_fetch_result($r, 0, 'v');
            // the same connection, right after the failure
            $r = pg_query_co($conn, "select $i + 100", 10);
            $out[$i] .= ', then ' . ($r === false ? 'false' : pg_fetch_result($r, 0, 0));
            $wg->done();
        });
    }
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    global $warnings;
    ksort($out);
    foreach ($out as $i => $line) {
        echo "$i: $line\n";
        foreach ($warnings[$ids[$i]] ?? [] as $w) {
            echo "   warning: $w\n";
        }
    }
    // In series each sleep would be sent after the one before had ended;
    // the time it takes overall depends on the machine.
    echo "in parallel (every sleep sent before the first one ended): ",
        var_export(count($span) === 7 && max(array_column($span, 0)) < min(array_column($span, 1)), true), "\n";
    chan_db_note(sprintf("pgsql: 10 coroutines, 3 failing, in %.3f s", $elapsed));
});
?>
--EXPECTF--
0: v=0, then 100
1: v=10, then 101
2: v=20, then 102
3: false, then 103
   warning: pg_query_co(): Query failed: ERROR:  division by zero
4: v=40, then 104
5: v=50, then 105
6: false, then 106
   warning: pg_query_co(): Query failed: ERROR:  syntax error at or near "selec"
LINE 1: selec 1
        ^
7: v=70, then 107
8: false, then 108
   warning: pg_query_co(): Query failed: ERROR:  relation "no_such_table" does not exist
LINE 1: select pg_sleep(0.2); select * from no_such_table
                                            ^
9: v=90, then 109
in parallel (every sleep sent before the first one ended): true
