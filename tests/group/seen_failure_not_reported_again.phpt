--TEST--
A failure that a wait() has thrown is not reported again when the group is destroyed, whether the exception was caught or is still held; a group whose members all succeeded, or whose members were cancelled, is destroyed silently
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$g->go(fn () => throw new RuntimeException("seen"));
try {
    $g->wait();
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
unset($g);
echo "destroyed after wait() threw: no error\n";

$g = new Group();
$g->go(fn () => Coroutine::sleep(30));
Coroutine::yield();
$g->cancel();
Coroutine::yield();
unset($g);
echo "cancelled group destroyed: no error\n";

$g = new Group();
$g->go(fn () => 1);
Coroutine::yield();
unset($g);
echo "successful group destroyed: no error\n";

// Kept till script end after wait() threw.
$kept = new Group();
$kept->go(fn () => throw new RuntimeException("seen too"));
try {
    $kept->wait();
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
echo "last line\n";
?>
--EXPECT--
caught: seen
destroyed after wait() threw: no error
cancelled group destroyed: no error
successful group destroyed: no error
caught: seen too
last line
