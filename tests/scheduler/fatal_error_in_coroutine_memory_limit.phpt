--TEST--
Exhausting memory_limit inside a coroutine ends the script with PHP's fatal error and no crash, also while other coroutines are parked
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced without Zend MM');
?>
--INI--
memory_limit=16M
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    $ch->pop();
    echo "popper must not resume\n";
});
go(function () {
    echo "allocating\n";
    $a = [];
    for ($i = 0; $i < 1024; $i++) { // 64 MiB, well above the limit
        $a[] = str_repeat("x", 1 << 16);
    }
    echo "limit not hit\n";
});
go(function () { echo "queued after: must not run\n"; });
Chan\run(fn () => Coroutine::sleep(10));
echo "main must not resume\n";
?>
--EXPECTF--
allocating

Fatal error: Allowed memory size of 16777216 bytes exhausted %s
