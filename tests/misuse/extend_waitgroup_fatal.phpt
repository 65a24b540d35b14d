--TEST--
Extending Chan\WaitGroup is a fatal error (the class is final)
--EXTENSIONS--
chan
--XLEAK--
PHP's compile-time fatal error (a final class extended) leaks its message
when the Zend allocator is off (valgrind); none of chan's code runs.
--FILE--
<?php
class MyWaitGroup extends Chan\WaitGroup {}
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Class MyWaitGroup cannot extend final class Chan\WaitGroup in %s on line %d
