<?php
/**
 * S6-DB's contrast (benchmarks/s6db.php): the query of examples/db_server.php
 * as a php-fpm script with PHP's blocking calls, one connection per request.
 * A worker waits for the server's answer and serves nothing else meanwhile,
 * so php-fpm with one worker answers one request per second.
 *
 *   /mysql   select sleep(1) on MariaDB (mysqli; CHAN_MYSQL_SOCKET, CHAN_MYSQL_USER, CHAN_MYSQL_DB)
 *   /pgsql   select pg_sleep(1) on PostgreSQL (pgsql; CHAN_PG_DSN)
 *
 * The environment comes from the pool's env[] lines; S6DB_SLEEP changes
 * the 1 s.
 */

declare(strict_types=1);

$db = trim((string) parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH), '/');
$sleep = getenv('S6DB_SLEEP') ?: '1';
header('Content-Type: text/plain; charset=utf-8');
try {
    if ($db === 'mysql') {
        $sql = "select sleep($sleep)";
        $m = new mysqli('localhost', getenv('CHAN_MYSQL_USER') ?: 'chan', '', getenv('CHAN_MYSQL_DB') ?: 'chan', 0,
            getenv('CHAN_MYSQL_SOCKET'));
        $value = $m->query($sql)->fetch_row()[0];
        $m->close();
    } elseif ($db === 'pgsql') {
        $sql = "select pg_sleep($sleep)";
        $conn = pg_connect(getenv('CHAN_PG_DSN'), PGSQL_CONNECT_FORCE_NEW);
        $value = pg_fetch_result(pg_query($conn, $sql), 0, 0);
        pg_close($conn);
    } else {
        http_response_code(404);
        echo "no database '$db': /mysql or /pgsql\n";
        return;
    }
} catch (Throwable $e) {
    http_response_code(500);
    echo "$db: query failed: {$e->getMessage()}\n";
    return;
}
echo "$db: $sql = ", var_export($value, true), "\n";
