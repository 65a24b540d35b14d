--TEST--
Extending Chan\Channel is a fatal error (the class is final)
--EXTENSIONS--
chan
--XLEAK--
PHP's compile-time fatal error (a final class extended) leaks its message
when the Zend allocator is off (valgrind); none of chan's code runs.
--FILE--
<?php
class MyChannel extends Chan\Channel {}
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Class MyChannel cannot extend final class Chan\Channel in %s on line %d
