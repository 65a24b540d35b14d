--TEST--
WaitGroup: wait() on a zero counter returns at once, without running other coroutines, whatever the timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;
use function Chan\go;

$wg = new WaitGroup();
go(function () { echo "coroutine ran\n"; });
$wg->wait();
echo "wait() returned\n";
$wg->wait(0);
echo "wait(0) returned\n";
$wg->wait(0.5);
echo "wait(0.5) returned\n";

$wg = new WaitGroup(2);
$wg->add(-2);
$wg->wait(0);
echo "wait(0) after add(-2) returned\n";
?>
--EXPECT--
wait() returned
wait(0) returned
wait(0.5) returned
wait(0) after add(-2) returned
coroutine ran
