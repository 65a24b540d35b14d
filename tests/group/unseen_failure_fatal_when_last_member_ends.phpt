--TEST--
A group dropped by the user while its members run lives until the last member ends; destroyed then with a failure nobody saw, it reports PHP's "Uncaught" fatal error, which ends the script
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
use function Chan\go;

function start(): void {
    $g = new Group();
    $g->go(function () {
        Coroutine::sleep(0.01);
        throw new UnexpectedValueException("failed in a dropped group");
    });
    $g->go(function () {
        try {
            Coroutine::sleep(5);
        } catch (Chan\CancelledException $e) {
            echo "other member cancelled by the failure\n";
        }
    });
}
start();
echo "group dropped by the user\n";
Coroutine::sleep(10);
echo "must not be printed\n";
?>
--EXPECTF--
group dropped by the user
other member cancelled by the failure

Fatal error: Uncaught UnexpectedValueException: failed in a dropped group in %s:%d
Stack trace:
#0 [internal function]: {closure%S}()
#1 {main}
  thrown in %s on line %d
