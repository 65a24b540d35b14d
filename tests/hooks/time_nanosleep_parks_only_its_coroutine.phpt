--TEST--
time_nanosleep(): with chan.hooks "all" (and "sleep") a coroutine calling time_nanosleep(0, 100000000) parks only itself: coroutine B runs meanwhile ("A before / B / A after"); with "none" (and "stream") it is PHP's own call and blocks the process ("A before / A after / B"); the return value is PHP's (true) either way
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

foreach (['all', 'sleep', 'none', 'stream'] as $hooks) {
    ini_set('chan.hooks', $hooks);
    echo "chan.hooks=$hooks\n";
    go(function () {
        echo "A before\n";
        $r = time_nanosleep(0, 100000000);
        echo "A after: ", var_export($r, true), "\n";
    });
    go(function () {
        echo "B\n";
    });
    Chan\run(fn () => null);
}
?>
--EXPECT--
chan.hooks=all
A before
B
A after: true
chan.hooks=sleep
A before
B
A after: true
chan.hooks=none
A before
A after: true
B
chan.hooks=stream
A before
A after: true
B
