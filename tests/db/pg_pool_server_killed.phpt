--TEST--
PostgreSQL: a pool (examples/db/pool.php) of 3 connections when the server crashes (a backend SIGKILLed: the server ends every connection and recovers): the borrower whose query was running gets false and its connection is closed, the two idle connections are found dead by the next get() and closed, get() fails with DbConnectError while the server recovers, then the pool makes a new connection and queries work again
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\go;

Chan\run(function () {
    [$pool, $dsn] = chan_db_pool('pgsql', 3);
    echo "warm: ", $pool->warm($dsn, 3), " idle\n";
    $borrower = new Chan\Channel(1);
    $done = new Chan\Channel(1);
    go(function () use ($pool, $dsn, $borrower, $done) {
        $conn = $pool->get($dsn);
        $borrower->push(pg_get_pid($conn));
        $t = hrtime(true);
        try {
            $r = @pg_query_co($conn, 'select pg_sleep(60) /* killed */', 20);
            $done->push(($r === false ? 'false' : 'a result?') . sprintf(' after %.1f s', (hrtime(true) - $t) / 1e9));
        } catch (Chan\TimeoutException) {
            $done->push('timed out: it hung');
        } finally {
            $pool->put($conn);
        }
    });
    $victim = $borrower->pop();
    Coroutine::sleep(0.3);
    function_exists('posix_kill') ? posix_kill($victim, 9) : exec("kill -KILL $victim");
    $t = hrtime(true);
    $out = $done->pop();
    echo "the borrower: ", preg_replace('/ after [0-9.]+ s/', '', $out), ", at once (< 10 s): ",
        var_export((hrtime(true) - $t) / 1e9 < 10, true), "\n";
    $s = $pool->stats($dsn);
    echo "  discarded {$s['discarded']}, open {$s['open']}, idle {$s['idle']}\n";
    Coroutine::sleep(0.5); // the server ends the other connections

    $failures = [];
    $t = hrtime(true);
    $back = false;
    while (!$back && hrtime(true) - $t < 30e9) {
        try {
            $back = chan_db_value($pool->query($dsn, 'select 42', 5)) === '42';
        } catch (DbConnectError $e) {
            $failures[get_class($e)] = true;
            Coroutine::sleep(0.1);
        }
    }
    echo "while it recovers, get() failed with: ", implode(', ', array_keys($failures)) ?: '(it had recovered already)', "\n";
    echo "queries work again: ", var_export($back, true), "\n";
    $s = $pool->stats($dsn);
    echo "  idle ones found dead: {$s['broken']}, open {$s['open']}, connects ", $s['connects'] - 3, " new\n";
    chan_db_note(sprintf("pgsql pool: working again %.3f s after the crash", (hrtime(true) - $t) / 1e9 + 0.5));
    $pool->close();
});
?>
--EXPECTF--
warm: 3 idle
the borrower: false, at once (< 10 s): true
  discarded 1, open 2, idle 2
while it recovers, get() failed with: %s
queries work again: true
  idle ones found dead: 2, open 1, connects 1 new
