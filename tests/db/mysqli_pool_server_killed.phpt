--TEST--
MySQL (MariaDB): a pool (examples/db/pool.php) of 3 connections when the server is killed (SIGKILL): the borrower whose query was running gets mysqli_sql_exception (connection lost) and its connection is closed, the two idle connections are found dead by the next get() and closed, get() fails with DbConnectError while the server is down, and once it is started again the pool makes a new connection and queries work
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
Chan\run(function () {
    [$pool, $dsn] = chan_db_pool('mysqli', 3);
    echo "warm: ", $pool->warm($dsn, 3), " idle\n";
    $started = new Chan\Channel(1);
    $done = new Chan\Channel(1);
    go(function () use ($pool, $dsn, $started, $done) {
        $started->push(true);
        try {
            $pool->query($dsn, 'select sleep(60) /* killed */', 20);
            $done->push('a result?');
        } catch (mysqli_sql_exception $e) {
            $done->push(get_class($e) . (in_array($e->getCode(), [2006, 2013], true) ? ': connection lost' : ': ' . $e->getCode() . ' ' . $e->getMessage()));
        } catch (Chan\TimeoutException) {
            $done->push('timed out: it hung');
        }
    });
    $started->pop();
    Coroutine::sleep(0.3);
    $pid = (int) file_get_contents(chan_db_env('CHAN_MYSQL_PIDFILE'));
    function_exists('posix_kill') ? posix_kill($pid, 9) : exec("kill -KILL $pid");
    $t = hrtime(true);
    echo "the borrower: ", $done->pop(), ", at once (< 10 s): ", var_export((hrtime(true) - $t) / 1e9 < 10, true), "\n";
    $s = $pool->stats($dsn);
    echo "  discarded {$s['discarded']}, open {$s['open']}, idle {$s['idle']}\n";

    try {
        $pool->get($dsn);
        echo "get() while the server is down: a connection?\n";
    } catch (DbConnectError $e) {
        echo "get() while the server is down: ", get_class($e), "\n";
    }
    $s = $pool->stats($dsn);
    echo "  idle ones found dead: {$s['broken']}, open {$s['open']}\n";

    $t = hrtime(true);
    exec(escapeshellarg(chan_db_env('CHAN_DB_SERVERS')) . ' start ' . escapeshellarg(chan_db_env('CHAN_DB_DIR')) . ' 2>&1', $log, $rc);
    echo "server started again: ", $rc === 0 ? 'yes' : implode("\n", $log), "\n";
    echo "queries work again: ", var_export(chan_db_value($pool->query($dsn, 'select 42', 5)) === '42', true), "\n";
    $s = $pool->stats($dsn);
    echo "  open {$s['open']}, connects ", $s['connects'] - 3, " new\n";
    chan_db_note(sprintf("mysqli pool: server restarted and the pool working again in %.3f s", (hrtime(true) - $t) / 1e9));
    $pool->close();
});
?>
--EXPECT--
warm: 3 idle
the borrower: mysqli_sql_exception: connection lost, at once (< 10 s): true
  discarded 1, open 2, idle 2
get() while the server is down: DbConnectError
  idle ones found dead: 2, open 0
server started again: yes
queries work again: true
  open 1, connects 1 new
