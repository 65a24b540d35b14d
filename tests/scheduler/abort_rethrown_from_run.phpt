--TEST--
An exception escaping a coroutine spawned inside run() is rethrown from run(); the other coroutines are destroyed first
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

class MyException extends Exception {}

try {
    $r = Chan\run(function () {
        go(function () {
            try {
                Coroutine::sleep(10);
            } finally {
                echo "finally of sleeper\n";
            }
        });
        go(function () {
            Coroutine::yield();
            throw new MyException("from a child of run()");
        });
        try {
            Coroutine::sleep(10);
        } finally {
            echo "finally of run's function\n";
        }
        return "not reached";
    });
    echo "run returned\n";
} catch (MyException $e) {
    echo "caught from run(): ", $e->getMessage(), "\n";
    var_dump(isset($r));
}
var_dump(Coroutine::count());

// the function given to run() itself throwing
try {
    Chan\run(function () { throw new LogicException("from run's function"); });
} catch (LogicException $e) {
    echo "caught from run(): ", $e->getMessage(), "\n";
}
?>
--EXPECTF--
finally of %s
finally of %s
caught from run(): from a child of run()
bool(false)
int(0)
caught from run(): from run's function
