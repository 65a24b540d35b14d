--TEST--
usleep(): with chan.hooks "all" (and "sleep") a coroutine calling usleep(100000) parks only itself: coroutine B runs meanwhile ("A before / B / A after"); with "none" (and "stream") it is PHP's own call and blocks the process ("A before / A after / B"); the return value is PHP's (NULL) either way
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
        $r = usleep(100000);
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
A after: NULL
chan.hooks=sleep
A before
B
A after: NULL
chan.hooks=none
A before
A after: NULL
B
chan.hooks=stream
A before
A after: NULL
B
