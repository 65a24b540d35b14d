--TEST--
After pcntl_fork(), parent and child each have their own event loop: an I/O wait made before the fork does not leave them sharing one poller, so a stream ready in the child neither wakes the parent's waiter on the same descriptor number nor is lost to the child
--EXTENSIONS--
chan
pcntl
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip needs pcntl_fork'); ?>
--INI--
; usleep() must block the whole (child) process here, not park the coroutine
chan.hooks=none
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

// a wait before the fork: the event loop has its poller now
[$x, $y] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($y, "x");
Coroutine::waitReadable($x);
fread($x, 1);

// the child reports to the parent through this pair
[$report, $reportChild] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

$pid = pcntl_fork();
if ($pid < 0) {
    die("fork failed\n");
}
// Made after the fork: the same descriptor numbers in both processes.
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);

if ($pid === 0) {
    // Child: its stream is ready at once; while its waiter is parked, another
    // coroutine blocks the whole process for a while (the parent meanwhile
    // sits in its own wait). Then the child's waiter must still wake.
    fwrite($b, "child data");
    $result = '';
    go(function () use ($a, &$result) {
        try {
            Coroutine::waitReadable($a, 5);
            $result = "child: woke, read " . var_export(fread($a, 100), true);
        } catch (Chan\TimeoutException $e) {
            $result = "child: its ready stream timed out";
        }
    });
    go(function () {
        usleep(1000000);    // blocks the process: no poll meanwhile
    });
    Chan\run(fn () => null);
    fwrite($reportChild, $result);
    fclose($reportChild);
    exit(0);
}

// Parent: nothing is ever written to its $a, so its wait must time out.
fclose($reportChild);
try {
    Coroutine::waitReadable($a, 3);
    echo "parent: woke, read ", var_export(fread($a, 100), true), "\n";
} catch (Chan\TimeoutException $e) {
    echo "parent: timed out, as nothing was sent to it\n";
}
echo stream_get_contents($report), "\n";
pcntl_waitpid($pid, $status);
echo "child exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
parent: timed out, as nothing was sent to it
child: woke, read 'child data'
child exit status 0
