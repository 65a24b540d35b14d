--TEST--
Once every I/O wait has ended (woken by data, timed out, or closed), coroutines all blocked on channels are a deadlock again: main's pop() throws Chan\DeadlockError as before, the blocked coroutine is destroyed first
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

// every way an I/O wait ends (in an order the test does not fix: whether
// the data or the 0.2 s timeout is seen first depends on the machine's speed)
$ends = [];
go(function () use ($a, &$ends) { Coroutine::waitReadable($a); $ends[] = "woken by data: " . fread($a, 10); });
go(function () use ($b) { fwrite($b, "x"); });
go(function () use ($d, &$ends) {
    try { Coroutine::waitReadable($d, 0.2); } catch (Chan\TimeoutException) { $ends[] = "timed out"; }
});
go(function () use ($c, &$ends) {
    try { Coroutine::waitReadable($c); } catch (Chan\ClosedException) { $ends[] = "closed"; }
});
go(function () use ($c) { Coroutine::sleep(0.5); fclose($c); });
Chan\run(fn () => null);
sort($ends);
echo implode("\n", $ends), "\n";

// now nothing waits on I/O or a timer: a coroutine and main block on channels
$x = new Channel();
$y = new Channel();
go(function () use ($x) {
    try { $v = $x->pop(); echo "coroutine got: $v\n"; } finally { echo "coroutine destroyed\n"; }
});
try {
    $y->pop();
    echo "pop returned?\n";
} catch (Chan\DeadlockError $e) {
    echo get_class($e), ": ", strtok($e->getMessage(), "\n"), "\n";
}
var_dump(Chan\Coroutine::count());

// the streams left open still work, and a wait on one is no deadlock
go(function () use ($b) { Coroutine::sleep(0.01); fwrite($b, "y"); });
Coroutine::waitReadable($a);
var_dump(fread($a, 10));
?>
--EXPECT--
closed
timed out
woken by data: x
coroutine destroyed
Chan\DeadlockError: all coroutines are asleep - deadlock!
int(0)
string(1) "y"
