--TEST--
Extending Chan\WaitGroup is a fatal error (the class is final)
--EXTENSIONS--
chan
--FILE--
<?php
class MyWaitGroup extends Chan\WaitGroup {}
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Class MyWaitGroup cannot extend final class Chan\WaitGroup in %s on line %d
