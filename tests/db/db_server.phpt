--TEST--
The database server example (examples/db_server.php), run in-process on a free port with pools of 2 connections and 0.3 s sleeps: 4 requests at once to /mysql and 4 to /pgsql are all answered 200 with the query's result, 2 at a time per database (about 0.6 s, not 2.4 s), / goes to the first database, an unknown path is 404, /stats shows never more than 2 connections per pool, and on stop() the server returns and the pools close
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!@include __DIR__ . '/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('pgsql'); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/lib.php';
require_once chan_db_example('db_server.php');

use Chan\{Coroutine, WaitGroup};
use function Chan\go;

const T = 30.0; // a broken server fails the test with a TimeoutException, not a hang

/** One HTTP/1.0 request (the server closes the connection after it): [status line, body]. */
function get(string $addr, string $path): array
{
    $conn = Chan\stream_socket_client("tcp://$addr", $errno, $errstr, T);
    Chan\fwrite($conn, "GET $path HTTP/1.0\r\n\r\n", T);
    $response = '';
    while (($chunk = Chan\fread($conn, 8192, T)) !== '' && $chunk !== false) {
        $response .= $chunk;
    }
    fclose($conn);
    [$head, $body] = explode("\r\n\r\n", $response, 2);
    return [strtok($head, "\r\n"), $body];
}

$mysql = sprintf('mysql:unix_socket=%s;dbname=%s;user=%s', chan_db_env('CHAN_MYSQL_SOCKET'),
    chan_db_env('CHAN_MYSQL_DB') ?? 'chan', chan_db_env('CHAN_MYSQL_USER') ?? 'chan');
$backends = db_backends($mysql, chan_db_env('CHAN_PG_DSN'), 2, 2, 0.3, 10.0);
// The eight database requests wait in the handler until all eight are in,
// then go on together: however slowly they arrive, each database gets four
// at once, two of which find both connections out and wait (the stats'
// "waited"; in series nobody would wait).
$handler = db_handler($backends);
$arrived = 0;
$allIn = new Chan\Channel();   // closed by the eighth
$gated = function (array $request) use ($handler, &$arrived, $allIn): array {
    if (!$allIn->isClosed() && in_array($request['target'], ['/mysql', '/pgsql'], true)) {
        if (++$arrived === 8) {
            $allIn->close();
        } else {
            Chan\select([$allIn]);   // returns once it is closed
        }
    }
    return $handler($request);
};
$server = new HttpServer($gated, '127.0.0.1', 0);
$addr = $server->address();

Chan\run(function () use ($server, $addr, $backends) {
    $served = new Chan\Channel(1);
    go(function () use ($server, $backends, $served) {
        $server->serve();
        foreach ($backends as $b) {
            $b->pool->close();
        }
        $served->push('serve() returned, pools closed');
    });

    $answers = [];
    $t = hrtime(true);
    $wg = new WaitGroup();
    foreach (['/mysql', '/pgsql'] as $path) {
        for ($i = 0; $i < 4; $i++) {
            $wg->add();
            go(function () use ($addr, $path, &$answers, $wg) {
                $answers[] = implode(' | ', get($addr, $path));
                $wg->done();
            });
        }
    }
    $wg->wait();
    $elapsed = (hrtime(true) - $t) / 1e9;
    sort($answers);
    echo implode("", array_map(fn ($a) => "$a", $answers));
    // Only a lower bound: how much longer it takes depends on the machine.
    echo "2 rounds of 0.3 s (>= 0.55 s): ", var_export($elapsed >= 0.55, true), "\n";
    chan_db_note(sprintf("db_server.php: 4 requests to each database, pools of 2, 0.3 s sleeps: %.3f s", $elapsed));

    echo implode(' | ', get($addr, '/')), implode(' | ', get($addr, '/nope'));
    [$status, $json] = get($addr, '/stats');
    echo "$status\n";
    foreach (json_decode($json, true) as $name => $s) {
        echo "$name: size {$s['size']}, peak {$s['peak']}, connects {$s['connects']}, open {$s['open']}, out {$s['out']}, ",
            "waited: ", var_export($s['waits'] >= 2, true), ", timeouts {$s['timeouts']}, discarded {$s['discarded']}\n";
    }
    $server->stop();
    echo $served->pop(), "\n";
    foreach ($backends as $name => $b) {
        echo "$name: open ", $b->pool->stats($b->dsn)['open'], "\n";
    }
});
echo "coroutines left: ", Coroutine::count(), "\n";
?>
--EXPECT--
HTTP/1.1 200 OK | mysql: select sleep(0.3) = '0'
HTTP/1.1 200 OK | mysql: select sleep(0.3) = '0'
HTTP/1.1 200 OK | mysql: select sleep(0.3) = '0'
HTTP/1.1 200 OK | mysql: select sleep(0.3) = '0'
HTTP/1.1 200 OK | pgsql: select pg_sleep(0.3) = ''
HTTP/1.1 200 OK | pgsql: select pg_sleep(0.3) = ''
HTTP/1.1 200 OK | pgsql: select pg_sleep(0.3) = ''
HTTP/1.1 200 OK | pgsql: select pg_sleep(0.3) = ''
2 rounds of 0.3 s (>= 0.55 s): true
HTTP/1.1 200 OK | mysql: select sleep(0.3) = '0'
HTTP/1.1 404 Not Found | no database 'nope'; this server has: /mysql, /pgsql
HTTP/1.1 200 OK
mysql: size 2, peak 2, connects 2, open 2, out 0, waited: true, timeouts 0, discarded 0
pgsql: size 2, peak 2, connects 2, open 2, out 0, waited: true, timeouts 0, discarded 0
serve() returned, pools closed
mysql: open 0
pgsql: open 0
coroutines left: 0
