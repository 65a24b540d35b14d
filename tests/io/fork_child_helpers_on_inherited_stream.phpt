--TEST--
A stream the parent read with Chan\fread() before pcntl_fork() (so its descriptor is registered with the parent's poller) can be read with Chan\fread() in the child: the child's own poller registers it anew and the child wakes when data arrives
--EXTENSIONS--
chan
pcntl
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip needs pcntl_fork'); ?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    echo "parent: ", Chan\fread($a, 100, 5), "\n";
});
go(function () use ($b) {
    Coroutine::sleep(0.01);
    fwrite($b, "before fork");
});
Chan\run(fn () => null);

[$report, $reportChild] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid < 0) {
    die("fork failed\n");
}
if ($pid === 0) {
    $result = '';
    go(function () use ($a, &$result) {
        try {
            $result = "child: " . Chan\fread($a, 100, 5);
        } catch (Chan\TimeoutException) {
            $result = "child: the data never woke it";
        }
    });
    Chan\run(fn () => null);
    fwrite($reportChild, $result);
    exit(0);
}
fclose($reportChild);
usleep(100000); // the child parks first (if it does not, it reads at once: fine too)
fwrite($b, "after fork");
echo stream_get_contents($report), "\n";
pcntl_waitpid($pid, $status);
echo "child exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
parent: before fork
child: after fork
child exit status 0
