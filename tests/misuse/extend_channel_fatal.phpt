--TEST--
Extending Chan\Channel is a fatal error (the class is final)
--EXTENSIONS--
chan
--FILE--
<?php
class MyChannel extends Chan\Channel {}
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Class MyChannel cannot extend final class Chan\Channel in %s on line %d
