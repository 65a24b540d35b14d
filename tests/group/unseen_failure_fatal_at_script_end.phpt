--TEST--
A group still referenced at script end with a failure no wait() has thrown reports it as PHP's "Uncaught" fatal error when it is destroyed
--EXTENSIONS--
chan
--XLEAK--
The unseen failure is reported as a fatal error, after which PHP skips
freeing what the script made (compiled closures among them); with the Zend
allocator off (valgrind) that shows as leaked blocks, as for any fatal error.
--FILE--
<?php
use Chan\Group;

$g = new Group();
$g->go(function () {
    throw new LengthException("failed, never waited for");
});
echo "last line\n";
?>
--EXPECTF--
last line

Fatal error: Uncaught LengthException: failed, never waited for in %s:%d
Stack trace:
#0 [internal function]: {closure%S}()
#1 {main}
  thrown in %s on line %d
