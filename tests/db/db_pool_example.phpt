--TEST--
The pool example (examples/db_pool.php) on both databases: 10 queries through a pool of 3 take turns with never more than 3 connections open, a borrower with all 3 out times out, a connection given back after an interrupted query is closed and never lent again, an idle connection the server ended is found dead and closed
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
require_once chan_db_example('db_pool.php');

$mysql = sprintf('mysql:unix_socket=%s;dbname=%s;user=%s', chan_db_env('CHAN_MYSQL_SOCKET'),
    chan_db_env('CHAN_MYSQL_DB') ?? 'chan', chan_db_env('CHAN_MYSQL_USER') ?? 'chan');
$dbs = db_pool_databases($mysql, chan_db_env('CHAN_PG_DSN'), 3);
Chan\run(function () use ($dbs) {
    foreach ($dbs as $name => [$pool, $dsn, $sleep]) {
        db_pool_demo($name, $pool, $dsn, $sleep);
    }
});
echo "coroutines left: ", Chan\Coroutine::count(), "\n";
?>
--EXPECTF--
== MariaDB/MySQL, a pool of 3
10 queries of 0.2 s: %d.%d s, most connections open at once: 3
all 3 out: a borrower waited 0.%d s, then Chan\TimeoutException
a query interrupted by its timeout (stopped on the server); its connection given back: closed, the next borrower got another one
the server ended an idle connection: get() found it dead (1) and closed it; the pool lent others
counters: open 3, connects 5, reused 14, waits 8, timeouts 1, discarded 1, broken 1, peak 3
== PostgreSQL, a pool of 3
10 queries of 0.2 s: %d.%d s, most connections open at once: 3
all 3 out: a borrower waited 0.%d s, then Chan\TimeoutException
a query interrupted by its timeout (stopped on the server); its connection given back: closed, the next borrower got another one
the server ended an idle connection: get() found it dead (1) and closed it; the pool lent others
counters: open 3, connects 5, reused 14, waits 8, timeouts 1, discarded 1, broken 1, peak 3
coroutines left: 0
