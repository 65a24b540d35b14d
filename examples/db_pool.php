<?php
/**
 * A pool of database connections on channels (examples/db/pool.php), on
 * MariaDB/MySQL and on PostgreSQL: what it does when many coroutines want
 * few connections, when all are out, when a query is interrupted and when
 * the server closes a connection.
 *
 * DbPool keeps, per DSN, a Chan\Channel of idle connections (a map of host
 * to a channel, as benchmarks/s4.php) and a count of open ones: get() is
 * tryPop() of an idle connection, else a new connection while fewer than
 * the bound are open, else pop() with a timeout; put() is tryPush() back,
 * or close when the connection may not be lent again.
 *
 * For each database this shows:
 *   1. 10 coroutines running a 0.2 s query through a pool of 3: they take
 *      turns, 3 at a time (4 rounds, 0.8 s), and never more than 3
 *      connections are open;
 *   2. with all 3 lent out, a borrower waits for its timeout (0.1 s) and
 *      gets Chan\TimeoutException;
 *   3. a query interrupted by its timeout: the query is stopped on the
 *      server, and its connection is closed when given back, never lent
 *      again (the next borrower gets another one);
 *   4. the server ends an idle connection (pg_terminate_backend(), KILL):
 *      the next get() finds it dead, closes it and goes on.
 *
 * Run (the private servers of tests/db/servers.sh, or any):
 *
 *   tests/db/servers.sh start /tmp/dbs && set -a && . /tmp/dbs/env && set +a
 *   php -d extension=chan.so -d extension=mysqli -d extension=pgsql examples/db_pool.php
 *
 * --mysql=DSN and --pgsql=DSN as in examples/db_server.php (default: from
 * the environment that tests/db/servers.sh writes); a database without a
 * DSN or without its PHP extension is left out.
 */

declare(strict_types=1);

require_once __DIR__ . '/db/pool.php';

use Chan\Coroutine;
use Chan\TimeoutException;
use Chan\WaitGroup;

use function Chan\go;

/** The demonstration on one database; $sleep(S) is SQL that sleeps S seconds. */
function db_pool_demo(string $name, DbPool $pool, string $dsn, Closure $sleep): void
{
    $pg = $pool->driver instanceof PgDriver;
    $id = static fn (object $conn): int => $conn instanceof mysqli ? (int) $conn->thread_id : pg_get_pid($conn);
    echo "== $name, a pool of {$pool->size}\n";

    // 1. more borrowers than connections
    $mostOpen = 0;
    $done = false;
    go(function () use ($pool, $dsn, &$mostOpen, &$done): void {
        while (!$done) {
            $mostOpen = max($mostOpen, $pool->stats($dsn)['open']);
            Coroutine::sleep(0.01);
        }
    });
    $t = hrtime(true);
    $wg = new WaitGroup();
    for ($i = 0; $i < 10; $i++) {
        $wg->add();
        go(function () use ($pool, $dsn, $sleep, $wg): void {
            $pool->query($dsn, $sleep(0.2), 10);
            $wg->done();
        });
    }
    $wg->wait();
    $done = true;
    printf("10 queries of 0.2 s: %.1f s, most connections open at once: %d\n", (hrtime(true) - $t) / 1e9, $mostOpen);

    // 2. all of them out
    $out = [];
    for ($i = 0; $i < $pool->size; $i++) {
        $out[] = $pool->get($dsn);
    }
    $t = hrtime(true);
    try {
        $pool->get($dsn, 0.1);
    } catch (TimeoutException $e) {
        printf("all %d out: a borrower waited %.1f s, then %s\n", count($out), (hrtime(true) - $t) / 1e9, get_class($e));
    }
    foreach ($out as $conn) {
        $pool->put($conn);
    }

    // 3. a query interrupted mid-way
    $conn = $pool->get($dsn);
    $before = $id($conn);
    try {
        $pool->driver->query($conn, $dsn, $sleep(30), 0.1);
    } catch (TimeoutException) {
        echo "a query interrupted by its timeout (stopped on the server); its connection given back: ";
    } finally {
        $pool->put($conn);
    }
    $s = $pool->stats($dsn);
    $next = $pool->get($dsn);
    echo $s['discarded'] === 1 ? 'closed' : 'kept?', ", the next borrower got ",
        $id($next) === $before ? 'the same one?' : 'another one', "\n";

    // 4. the server ends an idle connection
    $victim = $id($next);
    $pool->put($next);
    $killer = $pool->get($dsn);
    @$pool->driver->query($killer, $dsn, $pg ? "select pg_terminate_backend($victim)" : "kill $victim", 5);
    $pool->put($killer);
    // The server closes it a moment later: wait until its socket says so
    // (readable, as an idle connection never is) rather than for a fixed
    // time a busy server could outlast.
    Coroutine::waitReadable($pg ? pg_socket($next) : $next, 10);
    $conns = [];
    for ($i = 0; $i < $pool->size; $i++) {
        $conns[] = $pool->get($dsn);
    }
    $ids = array_map($id, $conns);
    foreach ($conns as $conn) {
        $pool->put($conn);
    }
    echo "the server ended an idle connection: get() found it dead (", $pool->stats($dsn)['broken'],
        ") and closed it; the pool lent ", in_array($victim, $ids, true) ? 'it still?' : 'others', "\n";

    $s = $pool->stats($dsn);
    echo "counters: open {$s['open']}, connects {$s['connects']}, reused {$s['reused']}, waits {$s['waits']}, ",
        "timeouts {$s['timeouts']}, discarded {$s['discarded']}, broken {$s['broken']}, peak {$s['peak']}\n";
    $pool->close();
}

/** The databases to show: name => [DbPool, DSN, sleep SQL]. */
function db_pool_databases(?string $mysql, ?string $pgsql, int $size): array
{
    $dbs = [];
    if ($mysql !== null && extension_loaded('mysqli')) {
        $dbs['MariaDB/MySQL'] = [new DbPool(new MysqliDriver(), $size), $mysql, fn (float $s): string => "select sleep($s)"];
    }
    if ($pgsql !== null && extension_loaded('pgsql')) {
        $dbs['PostgreSQL'] = [new DbPool(new PgDriver(), $size), $pgsql, fn (float $s): string => "select pg_sleep($s)"];
    }
    return $dbs;
}

function db_pool_main(): int
{
    $opt = getopt('', ['mysql:', 'pgsql:']);
    $env = static fn (string $name): ?string => getenv($name) === false || getenv($name) === '' ? null : getenv($name);
    $mysql = $opt['mysql'] ?? ($env('CHAN_MYSQL_SOCKET') === null ? null
        : sprintf('mysql:unix_socket=%s;dbname=%s;user=%s', $env('CHAN_MYSQL_SOCKET'),
            $env('CHAN_MYSQL_DB') ?? 'chan', $env('CHAN_MYSQL_USER') ?? 'chan'));
    $dbs = db_pool_databases($mysql, $opt['pgsql'] ?? $env('CHAN_PG_DSN'), 3);
    if ($dbs === []) {
        fwrite(STDERR, "no database: pass --mysql=DSN and/or --pgsql=DSN, and load mysqli or pgsql (see the top of this file)\n");
        return 2;
    }
    Chan\run(function () use ($dbs): void {
        foreach ($dbs as $name => [$pool, $dsn, $sleep]) {
            db_pool_demo($name, $pool, $dsn, $sleep);
        }
    });
    return 0;
}

// Run only when started as a script, not when a test includes this file.
if (get_included_files()[0] === __FILE__) {
    exit(db_pool_main());
}
