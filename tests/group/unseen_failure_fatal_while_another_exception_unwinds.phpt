--TEST--
A group destroyed with a failure nobody has seen while another exception unwinds the frame that held it still reports that failure as PHP's "Uncaught" fatal error: the member's exception is not lost silently
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

function work(): void {
    $g = new Group();
    $g->go(fn () => throw new LogicException("the member's failure"));
    Coroutine::sleep(0.01);
    // $g is destroyed while this exception leaves the function.
    throw new RuntimeException("the caller's exception");
}
try {
    work();
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
echo "must not be printed\n";
?>
--EXPECTF--
Fatal error: Uncaught LogicException: the member's failure in %s
%A
