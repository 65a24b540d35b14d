--TEST--
Coroutine::sleep() in main runs other coroutines meanwhile and returns once its time has passed
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    echo "coroutine starts\n";
    Coroutine::sleep(0.01);
    echo "coroutine done while main sleeps\n";
});
// The coroutine starts, and sets its timer, before main sets its own: it
// wakes first however long its start takes (under valgrind the first run
// of code can take longer than both sleeps).
Coroutine::yield();
$t = hrtime(true);
Coroutine::sleep(0.1);
$elapsed = (hrtime(true) - $t) / 1e9;
echo "main woke\n";
var_dump($elapsed >= 0.09);
var_dump(Coroutine::count());
?>
--EXPECT--
coroutine starts
coroutine done while main sleeps
main woke
bool(true)
int(0)
