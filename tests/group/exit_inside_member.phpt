--TEST--
exit() inside a group member ends the script as exit() does anywhere: its message is printed, no other member or coroutine runs any more, main's wait() does not return, and shutdown functions still run
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
$g = new Group();
$g->go(function () {
    Coroutine::sleep(0.01);
    echo "member exits\n";
    exit("exit message\n");
});
$g->go(function () {
    Coroutine::sleep(0.5);
    echo "other member must not resume\n";
});
Chan\go(function () {
    Coroutine::sleep(0.5);
    echo "outsider must not resume\n";
});
$g->wait();
echo "wait must not return\n";
?>
--EXPECT--
member exits
exit message
shutdown function runs
