--TEST--
A coroutine spinning on yield() does not starve a sleeping coroutine: its expired timer still wakes it
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$done = false;
go(function () use (&$done) {
    Coroutine::sleep(0.01);
    $done = true;
    echo "sleeper woke\n";
});
go(function () use (&$done) {
    $start = hrtime(true);
    // generous bound so that a starved sleeper fails the test instead of hanging it
    while (!$done && hrtime(true) - $start < 5e9) {
        Coroutine::yield();
    }
    echo $done ? "spinner saw the sleeper finish\n" : "sleeper starved\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
sleeper woke
spinner saw the sleeper finish
