--TEST--
memory_get_usage() counts parked coroutines (at least 4 KiB each, their stack page, which lives outside the Zend heap), and gives the charge back once they have finished
--EXTENSIONS--
chan
--INI--
memory_limit=256M
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_get_usage() is not kept without Zend MM'); ?>
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;

$ch = new Channel();
$before = memory_get_usage();
for ($i = 0; $i < 5000; $i++) {
    Chan\go(fn () => $ch->pop());
}
Coroutine::yield();
$parked = memory_get_usage() - $before;
echo "5,000 parked: ", $parked >= 5000 * 4096 ? "at least 4 KiB each" : "only $parked bytes", "\n";
echo "and not wildly more: ", $parked < 5000 * 8192 ? "yes" : "no ($parked)", "\n";

$ch->close();
try {
    Chan\run(fn () => null);
} catch (Chan\ClosedException) {
}
$after = memory_get_usage() - $before;
echo "after they ended: ", $after < 1 << 20 ? "back within 1 MiB" : "$after bytes still charged", "\n";
var_dump(Coroutine::count());
?>
--EXPECT--
5,000 parked: at least 4 KiB each
and not wildly more: yes
after they ended: back within 1 MiB
int(0)
