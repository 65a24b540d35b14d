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
go(function () use ($p) {
    try {
        Coroutine::waitReadable($p);
        echo "reader returned?\n";
    } catch (Chan\ClosedException $e) {
        echo "reader: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
});
go(function () use ($p) {
    Coroutine::yield();
    echo "closer: pclose\n";
    var_dump(pclose($p));
});
Chan\run(fn () => null);
var_dump(Coroutine::count());
?>
--EXPECT--
closer: pclose
int(0)
reader: Chan\ClosedException: The stream was closed while waitReadable() waited on it
int(0)
