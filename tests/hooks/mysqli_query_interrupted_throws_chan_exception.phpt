--TEST--
A plain mysqli query parked in a coroutine and interrupted ends with chan's exception thrown in the parked read: withTimeout(0.2, fn () => $db->query("select sleep(5)")) throws Chan\TimeoutException under MYSQLI_REPORT_OFF; under PHP 8's default MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT mysqli throws its own mysqli_sql_exception on the failed read, with chan's exception as its previous (chan.stub.php, hooks()), and a coroutine cancelled in $db->query("select sleep(5)") ends quietly under MYSQLI_REPORT_OFF and, under the default, quietly or by that mysqli_sql_exception (previous Chan\CancelledException, rethrown by run()), by where in mysqli's read the cancel comes; the interrupted connection is not reused half-read (its next query fails), a new one works
--EXTENSIONS--
chan
mysqli
--SKIPIF--
<?php if (!@include __DIR__ . '/../db/lib.php') die("skip tests/db/lib.php is missing\n"); chan_db_skip('mysqli'); ?>
--FILE--
<?php
require __DIR__ . '/../db/lib.php';
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

function describe(Throwable $e): string {
    $s = get_class($e);
    while ($e = $e->getPrevious()) {
        $s .= " (previous: " . get_class($e) . ")";
    }
    return $s;
}
foreach (['MYSQLI_REPORT_OFF' => MYSQLI_REPORT_OFF, 'MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT' => MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT] as $name => $mode) {
    echo "$name\n";
    mysqli_report($mode);
    Chan\run(function () {
        $db = chan_db_mysqli();
        try {
            withTimeout(0.2, fn () => @$db->query('select sleep(5)'));
            echo "  deadline: no exception\n";
        } catch (Chan\TimeoutException $e) {
            echo "  deadline: ", describe($e), "\n";
        } catch (Throwable $e) {
            echo "  deadline: ", describe($e), "\n";
        }
        try {
            $r = @$db->query('select 1');
            echo "  the interrupted connection: ", $r === false ? "fails" : "REUSED", "\n";
        } catch (mysqli_sql_exception $e) {
            echo "  the interrupted connection: fails\n";
        }
    });
    $db = chan_db_mysqli();
    $id = go(function () use ($db) {
        @$db->query('select sleep(5)');
        echo "  cancelled query: no exception\n";
    });
    Coroutine::yield();   // parked in its query
    Coroutine::cancel($id);
    try {
        Chan\run(fn () => null);
        echo "  cancel: the coroutine ended quietly", $mode ? " or by mysqli's exception over its cancellation" : "", "\n";
    } catch (Throwable $e) {
        // Under MYSQLI_REPORT_STRICT mysqli throws its own exception over
        // the cancellation or not, by where in its read the cancel came.
        $d = describe($e);
        echo "  cancel: ", $d === 'mysqli_sql_exception (previous: Chan\\CancelledException)' ? "the coroutine ended quietly or by mysqli's exception over its cancellation" : "run() threw $d", "\n";
    }
    echo "  a new connection: ", chan_db_mysqli()->query('select 42')->fetch_row()[0], "\n";
}
?>
--EXPECT--
MYSQLI_REPORT_OFF
  deadline: Chan\TimeoutException
  the interrupted connection: fails
  cancel: the coroutine ended quietly
  a new connection: 42
MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT
  deadline: mysqli_sql_exception (previous: Chan\TimeoutException)
  the interrupted connection: fails
  cancel: the coroutine ended quietly or by mysqli's exception over its cancellation
  a new connection: 42
