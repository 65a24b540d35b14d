--TEST--
ReflectionClass::newInstanceWithoutConstructor() on Channel or WaitGroup fails with an exception, never a half-built object
--EXTENSIONS--
chan
--FILE--
<?php
foreach (['Chan\Channel', 'Chan\WaitGroup'] as $class) {
    try {
        $obj = (new ReflectionClass($class))->newInstanceWithoutConstructor();
        echo "created $class\n";
    } catch (ReflectionException $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ReflectionException: Class Chan\Channel is an internal class marked as final that cannot be instantiated without invoking its constructor
ReflectionException: Class Chan\WaitGroup is an internal class marked as final that cannot be instantiated without invoking its constructor
