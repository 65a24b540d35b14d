--TEST--
A group destroyed (unset by the user after its members finished) with a failure no wait() has thrown reports it as PHP's "Uncaught" fatal error, and the script ends there
--EXTENSIONS--
chan
--XLEAK--
The unseen failure is reported as a fatal error, after which PHP skips
freeing what the script made (compiled closures among them); with the Zend
allocator off (valgrind) that shows as leaked blocks, as for any fatal error.
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
$g = new Group();
$g->go(fn () => 'fine');
$g->go(function () {
    throw new RuntimeException("nobody waited for this");
});
Coroutine::sleep(0.01);
echo "members finished: ", $g->count() === 0 ? "yes" : "no", "\n";
unset($g);
echo "must not be printed\n";
?>
--EXPECTF--
members finished: yes

Fatal error: Uncaught RuntimeException: nobody waited for this in %s:%d
Stack trace:
#0 [internal function]: {closure%S}()
#1 {main}
  thrown in %s on line %d
shutdown function runs
