--TEST--
Channel, WaitGroup and Coroutine are final classes
--EXTENSIONS--
chan
--FILE--
<?php
foreach (['Chan\Channel', 'Chan\WaitGroup', 'Chan\Coroutine'] as $class) {
    $r = new ReflectionClass($class);
    echo $class, ": ", var_export($r->isFinal(), true), "\n";
}
?>
--EXPECT--
Chan\Channel: true
Chan\WaitGroup: true
Chan\Coroutine: true
