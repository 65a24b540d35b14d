--TEST--
new Chan\Coroutine is not possible (private constructor), nor through ReflectionClass::newInstance(); its private drain() is not callable
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

function check(callable $f): void {
    try {
        $f();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

check(fn() => new Coroutine());
check(fn() => (new ReflectionClass(Coroutine::class))->newInstance());
check(fn() => Coroutine::drain());
echo "alive\n";
?>
--EXPECT--
Error: Call to private Chan\Coroutine::__construct() from global scope
ReflectionException: Access to non-public constructor of class Chan\Coroutine
Error: Call to private method Chan\Coroutine::drain() from global scope
alive
