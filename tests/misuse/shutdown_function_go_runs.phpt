--TEST--
go() from a shutdown function runs the coroutine before the request ends, whether registered before or after the first go() of the script
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

register_shutdown_function(function () {
    go(function () {
        echo "coroutine from early shutdown function\n";
        Coroutine::sleep(0.01);
        echo "early: after sleep\n";
    });
    echo "early shutdown function returns\n";
});
go(function () { echo "coroutine from main\n"; });
register_shutdown_function(function () {
    go(function () {
        echo "coroutine from late shutdown function\n";
        Coroutine::yield();
        echo "late: after yield\n";
    });
    echo "late shutdown function returns\n";
    register_shutdown_function(function () {
        go(function () { echo "coroutine from nested shutdown function\n"; });
    });
});
echo "end\n";
?>
--EXPECT--
end
early shutdown function returns
coroutine from main
coroutine from early shutdown function
early: after sleep
late shutdown function returns
coroutine from late shutdown function
late: after yield
coroutine from nested shutdown function
