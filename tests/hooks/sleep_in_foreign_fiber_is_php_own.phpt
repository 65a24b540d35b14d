--TEST--
Inside a PHP Fiber chan does not own, the sleep family is PHP's own call even while coroutines live: no Chan\Error, PHP's return values (usleep null, sleep 0, time_nanosleep true, time_sleep_until true), and a usleep() in a Fiber run by coroutine A blocks the process: "A before / A after / B" (where the same usleep() outside the Fiber gives "A before / B / A after")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

// main, a coroutine alive
go(function () {
    echo "co ran\n";
});
$f = new Fiber(function () {
    return [usleep(1000), sleep(0), time_nanosleep(0, 1000), time_sleep_until(microtime(true) + 0.5)];
});
var_dump($f->start() ?? $f->getReturn());

foreach ([true, false] as $inFiber) {
    echo $inFiber ? "in a Fiber\n" : "not in a Fiber\n";
    go(function () use ($inFiber) {
        echo "A before\n";
        try {
            $inFiber ? (new Fiber(fn () => usleep(100000)))->start() : usleep(100000);
        } catch (Throwable $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
        echo "A after\n";
    });
    go(function () {
        echo "B\n";
    });
    Chan\run(fn () => null);
}
?>
--EXPECT--
array(4) {
  [0]=>
  NULL
  [1]=>
  int(0)
  [2]=>
  bool(true)
  [3]=>
  bool(true)
}
in a Fiber
co ran
A before
A after
B
not in a Fiber
A before
B
A after
