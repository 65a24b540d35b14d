--TEST--
pclose() on a popen() stream that a coroutine waits on wakes it with Chan\ClosedException
--EXTENSIONS--
chan
--SKIPIF--
<?php if (PHP_OS_FAMILY === 'Windows') die('skip POSIX shell quoting'); ?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

// the child writes nothing for a while, then exits
$p = popen(escapeshellarg(PHP_BINARY) . ' -n -r ' . escapeshellarg('usleep(200000);'), 'r');
$log = [];
go(function () use ($p, &$log) {
    try {
        Coroutine::waitReadable($p);
        $log['reader'] = "reader returned?";
    } catch (Chan\ClosedException $e) {
        $log['reader'] = "reader: " . get_class($e) . ": " . $e->getMessage();
    }
});
go(function () use ($p, &$log) {
    Coroutine::yield();
    $log['closer'] = "closer: pclose " . var_export(pclose($p), true);
});
Chan\run(fn () => null);
// in which order they finish depends on whether the child is still there
// when pclose() begins (pclose() parks until it exits: the family
// "process"), so the order is not part of the test
echo $log['closer'], "\n", $log['reader'], "\n";
var_dump(Coroutine::count());
?>
--EXPECT--
closer: pclose 0
reader: Chan\ClosedException: The stream was closed while waitReadable() waited on it
int(0)
