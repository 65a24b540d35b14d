--TEST--
WaitGroup: add() adds $delta (default 1, may be negative or 0), done() subtracts one, count() reports the counter
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;

$wg = new WaitGroup();
$wg->add();
var_dump($wg->count());
$wg->add(5);
var_dump($wg->count());
$wg->add(0);
var_dump($wg->count());
$wg->done();
var_dump($wg->count());
$wg->add(-3);
var_dump($wg->count());
$wg->done();
$wg->done();
var_dump($wg->count());

$wg = new WaitGroup(2);
$wg->add(-2);
var_dump($wg->count());
?>
--EXPECT--
int(1)
int(6)
int(6)
int(5)
int(2)
int(0)
int(0)
