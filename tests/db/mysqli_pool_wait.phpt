--TEST--
MySQL (MariaDB): a pool (examples/db/pool.php) with all its connections out: a borrower waits and times out after its timeout with Chan\TimeoutException; waiting borrowers get connections given back in the order they came; a connection given back unfit frees its slot, and the next waiter connects anew; close() wakes the waiters with Chan\ClosedException
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
use Chan\Coroutine;
use function Chan\go;

$db = 'mysqli';
Chan\run(function () use ($db) {
    [$pool, $dsn] = chan_db_pool($db, 2);
    $show = function () use ($pool, $dsn) {
        $s = $pool->stats($dsn);
        echo "  open {$s['open']}, out {$s['out']}, idle {$s['idle']}, waiting {$s['waiting']}, connects {$s['connects']}, discarded {$s['discarded']}, timeouts {$s['timeouts']}\n";
    };
    $a = $pool->get($dsn);
    $b = $pool->get($dsn);
    echo "two out:\n";
    $show();

    echo "a third borrower with a 0.2 s timeout:\n";
    $t = hrtime(true);
    try {
        $pool->get($dsn, 0.2);
        echo "  got a connection?\n";
    } catch (Chan\TimeoutException $e) {
        echo '  ', get_class($e), ': ', str_replace($dsn, 'DSN', $e->getMessage()), "\n";
    }
    $waited = (hrtime(true) - $t) / 1e9;
    echo "  after its 0.2 s: ", var_export($waited >= 0.19 && $waited < 2, true), "\n";
    $show();

    echo "two borrowers wait; one connection comes back, then one comes back unfit:\n";
    $got = [];
    foreach (['first', 'second'] as $name) {
        go(function () use ($pool, $dsn, $name, &$got) {
            $got[$name] = $pool->get($dsn, 10);
        });
    }
    Coroutine::sleep(0.05);
    $show();
    $pool->put($a);
    Coroutine::sleep(0.05);
    echo "  the first got the one given back: ", var_export(($got['first'] ?? null) === $a, true),
        "; the second still waits: ", var_export(!isset($got['second']), true), "\n";
    $bId = chan_db_conn_id($b);
    chan_db_unsettled($b, true); // as if its query had been interrupted
    $pool->put($b);
    $t = hrtime(true);
    while (!isset($got['second']) && hrtime(true) - $t < 10e9) {
        Coroutine::sleep(0.01);
    }
    echo "  the second got a new connection: ", var_export(isset($got['second']) && $got['second'] !== $b
        && chan_db_conn_id($got['second']) !== $bId, true), "\n";
    $r = $pool->driver->query($got['second'], $dsn, chan_db_sleep_sql($db, 0), 10);
    echo "  which works: ", var_export((int) chan_db_value($r) === chan_db_conn_id($got['second']), true), "\n";
    $show();

    echo "close() while a borrower waits:\n";
    go(function () use ($pool, $dsn) {
        try {
            $pool->get($dsn, 10);
            echo "  got a connection?\n";
        } catch (Chan\ClosedException $e) {
            echo '  the waiter: ', get_class($e), "\n";
        }
    });
    Coroutine::sleep(0.05);
    $pool->close();
    Coroutine::sleep(0.05);
    $pool->put($got['first']);
    $pool->put($got['second']);
    $show();
    try {
        $pool->get($dsn);
    } catch (LogicException $e) {
        echo '  get(): ', get_class($e), ': ', $e->getMessage(), "\n";
    }
});
echo "coroutines left: ", Coroutine::count(), "\n";
?>
--EXPECT--
two out:
  open 2, out 2, idle 0, waiting 0, connects 2, discarded 0, timeouts 0
a third borrower with a 0.2 s timeout:
  Chan\TimeoutException: DbPool: no connection to DSN came free within 0.2 s (all 2 out)
  after its 0.2 s: true
  open 2, out 2, idle 0, waiting 0, connects 2, discarded 0, timeouts 1
two borrowers wait; one connection comes back, then one comes back unfit:
  open 2, out 2, idle 0, waiting 2, connects 2, discarded 0, timeouts 1
  the first got the one given back: true; the second still waits: true
  the second got a new connection: true
  which works: true
  open 2, out 2, idle 0, waiting 0, connects 3, discarded 1, timeouts 1
close() while a borrower waits:
  the waiter: Chan\ClosedException
  open 0, out 0, idle 0, waiting 0, connects 3, discarded 3, timeouts 1
  get(): LogicException: DbPool: closed
coroutines left: 0
