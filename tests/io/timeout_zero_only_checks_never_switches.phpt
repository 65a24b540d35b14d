--TEST--
$timeout = 0 only checks: it returns at once when the stream is ready and throws Chan\TimeoutException when not, and in neither case does a queued coroutine run (no switch), in main and in a coroutine
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

function check(string $what, callable $f): void {
    try {
        $f();
        echo "$what: ready\n";
    } catch (Chan\TimeoutException $e) {
        echo "$what: ", $e->getMessage(), "\n";
    }
}

$ran = false;
go(function () use (&$ran) { $ran = true; echo "queued coroutine runs\n"; });
check("main, readable, nothing sent", fn () => Coroutine::waitReadable($a, 0));
check("main, writable", fn () => Coroutine::waitWritable($a, 0));
fwrite($b, "x");
check("main, readable, data sent", fn () => Coroutine::waitReadable($a, 0));
check("main, readable, data sent, float zero", fn () => Coroutine::waitReadable($a, 0.0));
echo "queued coroutine ran meanwhile: ", var_export($ran, true), "\n";
Coroutine::yield();
var_dump(fread($a, 10));

// the same inside a coroutine, with another one queued behind it
Chan\run(function () use ($a, $b) {
    $ran = false;
    go(function () use (&$ran) { $ran = true; echo "second queued coroutine runs\n"; });
    check("coroutine, readable, nothing sent", fn () => Coroutine::waitReadable($a, 0));
    fwrite($b, "y");
    check("coroutine, readable, data sent", fn () => Coroutine::waitReadable($a, 0));
    check("coroutine, writable", fn () => Coroutine::waitWritable($b, 0));
    echo "second queued coroutine ran meanwhile: ", var_export($ran, true), "\n";
});
var_dump(fread($a, 10));
?>
--EXPECT--
main, readable, nothing sent: Chan\Coroutine::waitReadable() timed out
main, writable: ready
main, readable, data sent: ready
main, readable, data sent, float zero: ready
queued coroutine ran meanwhile: false
queued coroutine runs
string(1) "x"
coroutine, readable, nothing sent: Chan\Coroutine::waitReadable() timed out
coroutine, readable, data sent: ready
coroutine, writable: ready
second queued coroutine ran meanwhile: false
second queued coroutine runs
string(1) "y"
