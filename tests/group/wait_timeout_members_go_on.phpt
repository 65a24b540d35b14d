--TEST--
Group::wait($timeout) that expires throws Chan\TimeoutException while the members go on unharmed; wait(0) with unfinished members throws at once, with none returns the results; a later wait() returns every result; negative or NAN $timeout is a ValueError naming $timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

$g = new Group();
$g->go(function () {
    Coroutine::sleep(0.5);
    return 'slow';
});
$g->go(fn () => 'quick');
try {
    $g->wait(0);
    echo "wait(0) returned\n";
} catch (Chan\TimeoutException $e) {
    echo "wait(0): ", get_class($e), "\n";
}
$t = hrtime(true);
try {
    $g->wait(0.05);
    echo "wait returned\n";
} catch (Chan\TimeoutException $e) {
    echo "wait(0.05): ", get_class($e), ", after at least 0.04 s: ", json_encode((hrtime(true) - $t) / 1e9 >= 0.04), "\n";
}
echo "unfinished: ", $g->count(), "\n";
echo "then: ", json_encode($g->wait()), "\n";
echo "wait(0) when done: ", json_encode($g->wait(0)), "\n";
foreach ([-1, NAN] as $bad) {
    try {
        $g->wait($bad);
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
wait(0): Chan\TimeoutException
wait(0.05): Chan\TimeoutException, after at least 0.04 s: true
unfinished: 1
then: ["slow","quick"]
wait(0) when done: ["slow","quick"]
ValueError: Chan\Group::wait(): Argument #1 ($timeout) %s
ValueError: Chan\Group::wait(): Argument #1 ($timeout) %s
