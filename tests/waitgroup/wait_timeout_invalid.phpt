--TEST--
WaitGroup: wait() with a negative or NAN timeout throws ValueError naming $timeout, even when the counter is zero
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\WaitGroup;

foreach ([0, 1] as $count) {
    $wg = new WaitGroup($count);
    foreach ([-1, -0.001, -INF, NAN, PHP_INT_MIN] as $timeout) {
        try {
            $wg->wait($timeout);
            echo "no exception\n";
        } catch (ValueError $e) {
            echo $e->getMessage(), "\n";
        }
    }
    var_dump($wg->count());
}
?>
--EXPECTF--
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
int(0)
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
Chan\WaitGroup::wait(): Argument #1 ($timeout) must be %s
int(1)
