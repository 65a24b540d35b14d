--TEST--
A plain PDO MySQL query (PDO::ERRMODE_EXCEPTION) parked in a coroutine and interrupted ends with chan's exception: withTimeout(0.2, fn () => $db->query("select sleep(5)")) throws Chan\TimeoutException (PDO throws no PDOException of its own over an exception in flight), and Coroutine::cancel() of a coroutine in the same query makes it end quietly by its Chan\CancelledException (run() returns); a new connection works afterwards
--EXTENSIONS--
chan
pdo_mysql
--SKIPIF--
<?php if (!@include __DIR__ . '/../db/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/../db/lib.php';
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

$dsn = sprintf('mysql:unix_socket=%s;dbname=%s', chan_db_env('CHAN_MYSQL_SOCKET'), chan_db_env('CHAN_MYSQL_DB') ?? 'chan');
$connect = fn () => new PDO($dsn, chan_db_env('CHAN_MYSQL_USER') ?? 'chan', '', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
function describe(Throwable $e): string {
    $s = get_class($e);
    while ($e = $e->getPrevious()) {
        $s .= " (previous: " . get_class($e) . ")";
    }
    return $s;
}
Chan\run(function () use ($connect) {
    $db = $connect();
    try {
        withTimeout(0.2, fn () => $db->query('select sleep(5)'));
        echo "deadline: no exception\n";
    } catch (Throwable $e) {
        echo "deadline: ", describe($e), "\n";
    }
});
$db = $connect();
$id = go(function () use ($db) {
    $db->query('select sleep(5)');
    echo "cancelled query: no exception\n";
});
Coroutine::yield();   // parked in its query
Coroutine::cancel($id);
try {
    Chan\run(fn () => null);
    echo "cancel: the coroutine ended quietly\n";
} catch (Throwable $e) {
    echo "cancel: run() threw ", describe($e), "\n";
}
echo "a new connection: ", $connect()->query('select 42')->fetchColumn(), "\n";
?>
--EXPECT--
deadline: Chan\TimeoutException
cancel: the coroutine ended quietly
a new connection: 42
