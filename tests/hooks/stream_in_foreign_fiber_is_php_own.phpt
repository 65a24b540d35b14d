--TEST--
Inside a PHP Fiber chan does not own, a blocking socket read is PHP's own call even in a coroutine while others live: no Chan\Error, and coroutine A's fread() inside a Fiber (stream timeout 0.2 s, nobody writing yet) blocks the process until its timeout and returns PHP's false with timed_out true ("A before / A got false / B writes"), where the same fread() outside the Fiber parks ("A before / B writes / A got 'data'")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

foreach ([true, false] as $inFiber) {
    echo $inFiber ? "in a Fiber\n" : "not in a Fiber\n";
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $inFiber ? stream_set_timeout($a, 0, 200000) : stream_set_timeout($a, 60);
    go(function () use ($a, $inFiber) {
        echo "A before\n";
        try {
            if ($inFiber) {
                $f = new Fiber(fn () => fread($a, 100));
                $f->start();
                $r = $f->getReturn();
            } else {
                $r = fread($a, 100);
            }
            echo "A got ", var_export($r, true), ", timed_out ", var_export(stream_get_meta_data($a)['timed_out'], true), "\n";
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    });
    go(function () use ($b) {
        echo "B writes\n";
        fwrite($b, "data");
    });
    Chan\run(fn () => null);
}
?>
--EXPECT--
in a Fiber
A before
A got false, timed_out true
B writes
not in a Fiber
A before
B writes
A got 'data', timed_out false
