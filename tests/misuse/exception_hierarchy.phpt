--TEST--
The exception classes form exactly the hierarchy of SPEC's Exceptions section
--EXTENSIONS--
chan
--FILE--
<?php
$classes = ['Chan\Error', 'Chan\DeadlockError', 'Chan\Exception', 'Chan\ClosedException', 'Chan\TimeoutException'];
foreach ($classes as $class) {
    $r = new ReflectionClass($class);
    echo $class, " extends ", get_parent_class($class),
        $r->isInstantiable() ? "" : " (not instantiable)", "\n";
}
// Chan\Error is no RuntimeException and Chan\Exception no Error.
var_dump(is_subclass_of('Chan\Error', 'Exception'), is_subclass_of('Chan\Exception', 'Error'));
var_dump(new Chan\TimeoutException("t") instanceof RuntimeException);
var_dump(new Chan\DeadlockError("d") instanceof Error);
?>
--EXPECT--
Chan\Error extends Error
Chan\DeadlockError extends Chan\Error
Chan\Exception extends RuntimeException
Chan\ClosedException extends Chan\Exception
Chan\TimeoutException extends Chan\Exception
bool(false)
bool(false)
bool(true)
bool(true)
