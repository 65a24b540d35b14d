--TEST--
After pcntl_fork() a signal channel opened before the fork listens in each process on its own: a signal sent to the child reaches the child's channel and not the parent's, and the parent's still gets its own
--EXTENSIONS--
chan
pcntl
posix
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip needs pcntl_fork'); ?>
--FILE--
<?php
$s = Chan\signal(Chan\SIGUSR1);
$ready = Chan\signal(Chan\SIGUSR2);
$parent = getmypid();
$pid = pcntl_fork();
if ($pid === 0) {
    posix_kill($parent, Chan\SIGUSR2); // listening
    // not reading for a while: the signal waits in the child's own pipe
    for ($end = microtime(true) + 2; microtime(true) < $end;) {
        usleep(10000);
    }
    exit(count($s) === 1 && $s->pop() === Chan\SIGUSR1 ? 0 : 1);
}
$ready->pop(5);
posix_kill($pid, Chan\SIGUSR1);
try {
    $s->pop(1);
    echo "parent got the child's signal\n";
} catch (Chan\TimeoutException) {
    echo "parent: nothing\n";
}
pcntl_waitpid($pid, $status);
echo 'child got it: ', var_export(pcntl_wexitstatus($status) === 0, true), "\n";
posix_kill($parent, Chan\SIGUSR1);
var_dump($s->pop());
?>
--EXPECT--
parent: nothing
child got it: true
int(10)
