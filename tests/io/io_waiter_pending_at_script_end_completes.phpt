--TEST--
A coroutine still waiting on I/O when the script's main code ends is run to completion before the request ends: it wakes when the child process writes, with no "blocked forever" warning
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

$proc = proc_open([PHP_BINARY, '-n', '-r', 'usleep(100000); echo "late data";'], [1 => ['pipe', 'w']], $pipes);
Chan\go(function () use ($pipes, $proc) {
    Coroutine::waitReadable($pipes[1]);
    echo "waiter got: ", stream_get_contents($pipes[1]), "\n";
    fclose($pipes[1]);
    echo "child exit status ", proc_close($proc), "\n";
});
echo "main ends\n";
?>
--EXPECT--
main ends
waiter got: late data
child exit status 0
