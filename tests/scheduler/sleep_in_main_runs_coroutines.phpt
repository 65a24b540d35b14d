--TEST--
Coroutine::sleep() in main runs other coroutines meanwhile and returns once its time has passed
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    echo "coroutine runs while main sleeps\n";
    Coroutine::sleep(0.01);
    echo "coroutine done\n";
});
$t = hrtime(true);
Coroutine::sleep(0.1);
$elapsed = (hrtime(true) - $t) / 1e9;
echo "main woke\n";
var_dump($elapsed >= 0.09);
var_dump(Coroutine::count());
?>
--EXPECT--
coroutine runs while main sleeps
coroutine done
main woke
bool(true)
int(0)
