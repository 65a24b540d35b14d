--TEST--
A blocking waitReadable()/waitWritable() inside a Fiber the scheduler does not own, or inside a destructor, throws Chan\Error and leaves the scheduler sound; $timeout = 0 only checks, so it works there
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

$fiber = new Fiber(function () use ($a) {
    foreach ([null, 1] as $timeout) {
        try {
            Coroutine::waitReadable($a, $timeout);
            echo "fiber: returned?\n";
        } catch (Chan\Error $e) {
            echo "fiber: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
    try {
        Coroutine::waitReadable($a, 0);
    } catch (Chan\TimeoutException $e) {
        echo "fiber, timeout 0: ", $e->getMessage(), "\n";
    }
    Coroutine::waitWritable($a, 0);
    echo "fiber, timeout 0: writable\n";
});
$fiber->start();

class WaitsInDestructor {
    public function __construct(private $s) {}
    public function __destruct() {
        try {
            Coroutine::waitWritable($this->s);
            echo "destructor: returned?\n";
        } catch (Chan\Error $e) {
            echo "destructor: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
        Coroutine::waitWritable($this->s, 0);
        echo "destructor, timeout 0: writable\n";
    }
}
$o = new WaitsInDestructor($a);
unset($o);

// the scheduler still works
Chan\go(function () use ($b) { Coroutine::sleep(0.01); fwrite($b, "ok"); });
Coroutine::waitReadable($a);
var_dump(fread($a, 10));
?>
--EXPECT--
fiber: Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
fiber: Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
fiber, timeout 0: Chan\Coroutine::waitReadable() timed out
fiber, timeout 0: writable
destructor: Chan\Error: Cannot switch coroutines in the current execution context
destructor, timeout 0: writable
string(2) "ok"
