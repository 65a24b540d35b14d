--TEST--
Coroutine::sleep(0) is a switch point like yield(): it moves the caller to the tail of the run queue
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

go(function () {
    for ($i = 1; $i <= 3; $i++) {
        echo "A$i\n";
        Coroutine::sleep(0);
    }
});
go(function () {
    for ($i = 1; $i <= 3; $i++) {
        echo "B$i\n";
        Coroutine::sleep(0.0);
    }
});
echo "main sleeps 0\n";
Coroutine::sleep(0);
echo "main back\n";
Chan\run(fn () => null);
echo "done\n";
?>
--EXPECT--
main sleeps 0
A1
B1
main back
A2
B2
A3
B3
done
