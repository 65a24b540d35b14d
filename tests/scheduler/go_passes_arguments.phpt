--TEST--
go() passes extra arguments, positional and named, to the coroutine's function
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

function show(int $a, string $b = "default-b", ...$rest) {
    echo "a=$a b=$b rest=", json_encode($rest), "\n";
}

go('show', 1, "two", 3, 4);
go('show', b: "named", a: 5);
go('show', 6);
go(function (...$all) { echo json_encode($all), "\n"; }, 1, k: "v");
Chan\Coroutine::yield();
?>
--EXPECT--
a=1 b=two rest=[3,4]
a=5 b=named rest=[]
a=6 b=default-b rest=[]
{"0":1,"k":"v"}
