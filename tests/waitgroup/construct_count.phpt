--TEST--
WaitGroup: the constructor sets the counter (default 0); a negative count throws ValueError naming $count
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;

var_dump((new WaitGroup())->count());
var_dump((new WaitGroup(0))->count());
var_dump((new WaitGroup(3))->count());
var_dump((new WaitGroup(PHP_INT_MAX))->count() === PHP_INT_MAX);
foreach ([-1, PHP_INT_MIN] as $n) {
    try {
        new WaitGroup($n);
        echo "no exception for $n\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
int(0)
int(0)
int(3)
bool(true)
Chan\WaitGroup::__construct(): Argument #1 ($count) must be %s
Chan\WaitGroup::__construct(): Argument #1 ($count) must be %s
