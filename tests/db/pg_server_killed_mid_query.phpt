--TEST--
PostgreSQL: a server process killed (SIGKILL) while 5 coroutines wait on pg_sleep(60): every waiter gets false with a warning at once, none hangs (their 20 s timeouts are only a safety net), and the server comes back after its crash recovery
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
$warnings = [];
set_error_handler(function (int $no, string $msg) use (&$warnings) {
    if (!(error_reporting() & $no)) {
        return false; // silenced with @
    }
    $warnings[Coroutine::id()][] = $msg;
    return true;
});

Chan\run(function () use ($dsn, &$warnings) {
    $mon = pg_connect_co($dsn, 10);
    $pids = [];
    $out = [];
    $ids = [];
    $wg = new WaitGroup();
    for ($i = 0; $i < 5; $i++) {
        $wg->add();
        $ids[$i] = go(function () use ($dsn, $i, &$pids, &$out, $wg) {
            $conn = pg_connect_co($dsn, 10);
            $pids[$i] = pg_get_pid($conn);
            $t = hrtime(true);
            try {
                $r = pg_query_co($conn, "select pg_sleep(60) /* killed */", 20);
                $out[$i] = $r === false ? 'false' : 'a result?';
            } catch (Chan\TimeoutException $e) {
                $out[$i] = 'timed out: it hung';
            }
            $out[$i] .= sprintf(' after %.1f s', (hrtime(true) - $t) / 1e9);
            $wg->done();
        });
    }
    // until the server runs all five
    $t = hrtime(true);
    do {
        Coroutine::sleep(0.05);
        $active = pg_fetch_result(pg_query_co($mon, "select count(*) from pg_stat_activity where state = 'active' and query like '%/* killed */'"), 0, 0);
    } while ($active < 5 && hrtime(true) - $t < 10e9);
    echo "running on the server: $active\n";

    $t = hrtime(true);
    $victim = $pids[2];
    function_exists('posix_kill') ? posix_kill($victim, 9) : exec("kill -KILL $victim");
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    ksort($out);
    foreach ($out as $i => $line) {
        $w = $warnings[$ids[$i]] ?? [];
        echo "$i: ", preg_replace('/ after [0-9.]+ s/', '', $line), ', ', count($w), " warning ",
            preg_match('/^pg_query_co\(\): Query failed: .+/s', $w[0] ?? '') ? 'from pg_query_co' : var_export($w, true), "\n";
    }
    echo "all at once (< 10 s): ", var_export($elapsed < 10, true), "\n";
    chan_db_note(sprintf("pgsql: backend killed, 5 waiters failed within %.3f s: %s", $elapsed,
        implode(' | ', array_unique(array_map(fn ($w) => strtok(substr($w[0], 29), "\n"), array_intersect_key($warnings, array_flip($ids)))))));

    // crash recovery: new connections are refused for a moment
    $t = hrtime(true);
    $back = false;
    while (!$back && hrtime(true) - $t < 30e9) {
        $c = @pg_connect_co($dsn, 5);
        $back = $c && @pg_query_co($c, 'select 1', 5) !== false;
        $back || Coroutine::sleep(0.1);
    }
    echo "server back: ", var_export($back, true), "\n";
    chan_db_note(sprintf("pgsql: server accepted queries again %.3f s after the crash", (hrtime(true) - $t) / 1e9 + $elapsed));
});
?>
--EXPECT--
running on the server: 5
0: false, 1 warning from pg_query_co
1: false, 1 warning from pg_query_co
2: false, 1 warning from pg_query_co
3: false, 1 warning from pg_query_co
4: false, 1 warning from pg_query_co
all at once (< 10 s): true
server back: true
