--TEST--
A waiter whose stream becomes ready and whose timeout expires before the scheduler looks again is woken exactly once (either outcome), and the data is still there for the next wait
--EXTENSIONS--
chan
--INI--
; usleep() must block the whole process here, not park the coroutine
chan.hooks=none
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);

$outcomes = [];
go(function () use ($a, &$outcomes) {
    try {
        Coroutine::waitReadable($a, 0.02);
        $outcomes[] = 'ready';
    } catch (Chan\TimeoutException $e) {
        $outcomes[] = 'timeout';
    }
});
go(function () use ($b) {
    fwrite($b, "x");
    usleep(100000);     // blocks the process past the waiter's deadline
});
Chan\run(fn () => null);
echo "woken once: ", var_export(count($outcomes) === 1 && in_array($outcomes[0], ['ready', 'timeout'], true), true), "\n";

// nothing stale: the next waits see the data, then its absence
Chan\run(function () use ($a) {
    Coroutine::waitReadable($a, 5);
    var_dump(fread($a, 10));
    try {
        Coroutine::waitReadable($a, 0.02);
        echo "ready again?\n";
    } catch (Chan\TimeoutException $e) {
        echo "then nothing: ", $e->getMessage(), "\n";
    }
});
?>
--EXPECT--
woken once: true
string(1) "x"
then nothing: Chan\Coroutine::waitReadable() timed out
