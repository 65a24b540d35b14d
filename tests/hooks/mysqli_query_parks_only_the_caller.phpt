--TEST--
mysqlnd cooperates through the stream family: a plain mysqli query "select sleep(0.3)" in coroutine A parks only A (coroutine B runs meanwhile: "A queries / B runs / A got 0"), and with chan.hooks "none" it blocks the process ("A queries / A got 0 / B runs"); the same with PDO MySQL
--EXTENSIONS--
chan
mysqli
--SKIPIF--
<?php if (!@include __DIR__ . '/../db/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/../db/lib.php';
use function Chan\go;
use function Chan\withTimeout;

mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
$dsn = sprintf('mysql:unix_socket=%s;dbname=%s', chan_db_env('CHAN_MYSQL_SOCKET'), chan_db_env('CHAN_MYSQL_DB') ?? 'chan');
$clients = [
    'mysqli' => [fn () => chan_db_mysqli(), fn ($db, $sql) => $db->query($sql)->fetch_row()[0]],
    'PDO' => [fn () => new PDO($dsn, chan_db_env('CHAN_MYSQL_USER') ?? 'chan', ''), fn ($db, $sql) => $db->query($sql)->fetchColumn()],
];
foreach ($clients as $name => [$connect, $query]) {
    if ($name === 'PDO' && !extension_loaded('pdo_mysql')) {
        echo "(no pdo_mysql)\n";
        continue;
    }
    foreach (['all', 'none'] as $hooks) {
        ini_set('chan.hooks', $hooks);
        echo "$name, chan.hooks=$hooks\n";
        $db = $connect();
        go(function () use ($db, $query) {
            echo "A queries\n";
            $r = $query($db, 'select sleep(0.3)');
            echo "A got $r\n";
        });
        go(function () {
            echo "B runs\n";
        });
        Chan\run(fn () => null);
        $db = null;
    }
}
?>
--EXPECT--
mysqli, chan.hooks=all
A queries
B runs
A got 0
mysqli, chan.hooks=none
A queries
A got 0
B runs
PDO, chan.hooks=all
A queries
B runs
A got 0
PDO, chan.hooks=none
A queries
A got 0
B runs
