--TEST--
main calling usleep() / sleep() while a coroutine lives parks only main: the coroutine started by go() runs during main's sleep ("main before / co / main after: NULL"), and the sleep returns PHP's value; with chan.hooks "none" main's sleep blocks the process and the coroutine runs only at main's next blocking call (run()) ("main before / main after / co"); with no coroutine alive, main's sleep is PHP's own and returns 0
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

foreach (['all', 'none'] as $hooks) {
    ini_set('chan.hooks', $hooks);
    echo "chan.hooks=$hooks\n";
    go(function () {
        echo "co\n";
    });
    echo "main before\n";
    $r = usleep(100000);
    echo "main after: ", var_export($r, true), "\n";
    Chan\run(fn () => null);
    echo "run done\n";
}

ini_set('chan.hooks', 'all');
echo "sleep(1) in main, a coroutine alive\n";
go(function () {
    echo "co\n";
});
var_dump(sleep(1));
echo "no coroutine alive: ", Chan\Coroutine::count(), "\n";
var_dump(sleep(0), usleep(1), time_nanosleep(0, 1));
?>
--EXPECT--
chan.hooks=all
main before
co
main after: NULL
run done
chan.hooks=none
main before
main after: NULL
co
run done
sleep(1) in main, a coroutine alive
co
int(0)
no coroutine alive: 0
int(0)
NULL
bool(true)
