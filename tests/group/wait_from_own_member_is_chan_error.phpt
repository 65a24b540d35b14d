--TEST--
Group::wait() called by one of the group's own members throws Chan\Error (it would wait for itself) and changes nothing; a member of another group, or a coroutine outside it, may wait for the group
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;
use function Chan\go;

$g = new Group();
$g->go(function () use ($g) {
    try {
        $g->wait();
        echo "wait returned\n";
    } catch (Chan\Error $e) {
        echo "own member: ", get_class($e), "\n";
    }
    try {
        $g->wait(0);
        echo "wait(0) returned\n";
    } catch (Chan\Error $e) {
        echo "own member, wait(0): ", get_class($e), "\n";
    }
    return 'member result';
});
$g->go(function () {
    Coroutine::sleep(0.01);
    return 'sleeper result';
});
$other = new Group();
$other->go(function () use ($g) {
    $r = $g->wait();
    echo "member of another group waits: ", json_encode($r), "\n";
});
go(function () use ($g) {
    $r = $g->wait();
    echo "outsider waits: ", json_encode($r), "\n";
});
$other->wait();
echo "main waits: ", json_encode($g->wait()), "\n";
?>
--EXPECT--
own member: Chan\Error
own member, wait(0): Chan\Error
member of another group waits: ["member result","sleeper result"]
outsider waits: ["member result","sleeper result"]
main waits: ["member result","sleeper result"]
