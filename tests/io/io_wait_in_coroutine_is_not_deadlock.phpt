--TEST--
While a coroutine waits on I/O (readable on a pipe a child process writes to later; writable on a full socket drained later), main blocked in $ch->pop() or WaitGroup::wait() is not deadlocked: the coroutine wakes and main goes on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$proc = proc_open([PHP_BINARY, '-n', '-r', 'usleep(100000); echo "from child";'], [1 => ['pipe', 'w']], $pipes);
$out = $pipes[1];
$ch = new Channel();
go(function () use ($out, $ch) {
    echo "coroutine waits on the pipe\n";
    Coroutine::waitReadable($out);
    $ch->push(fread($out, 100));
});
try {
    $v = $ch->pop();
    echo "main got: $v\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// the same with main in WaitGroup::wait() and a coroutine waiting writable
// on a full socket that another coroutine drains after a sleep
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);
stream_set_blocking($b, false);
while (fwrite($a, str_repeat('x', 4096)) > 0);
$wg = new Chan\WaitGroup(1);
go(function () use ($a, $wg) {
    Coroutine::waitWritable($a);
    echo "writer woke\n";
    $wg->done();
});
go(function () use ($b) {
    Coroutine::sleep(0.01);
    while (fread($b, 65536) !== '');
});
try {
    $wg->wait();
    echo "main: wait returned\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
fclose($out);
var_dump(proc_close($proc));
?>
--EXPECT--
coroutine waits on the pipe
main got: from child
writer woke
main: wait returned
int(0)
