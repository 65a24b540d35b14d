--TEST--
A coroutine that recurses past chan.stack_size ends the script with a fatal error naming it, not a crash
--EXTENSIONS--
chan
--SKIPIF--
<?php
// run-tests -m (valgrind) sets USE_ZEND_ALLOC=0; so does the ASan gate, which preloads libasan
if (getenv('USE_ZEND_ALLOC') === '0' && !str_contains((string) getenv('LD_PRELOAD'), 'asan')) die('skip valgrind reports the deliberate overflow itself');
if (PHP_OS_FAMILY !== 'Linux') die('skip guard pages of our own stacks: Linux only');
?>
--INI--
chan.stack_size=64K
; 8.3+: PHP's own stack check off, so the recursion reaches the guard pages
zend.max_allowed_stack_size=-1
--FILE--
<?php
// Each level re-enters the VM from C (array_map calls the closure), so the
// recursion eats C stack, which userland recursion alone would not.
function deep(int $n): int
{
    return array_sum(array_map(fn($x) => deep($n + 1), [1]));
}

Chan\go(function () { echo "first coroutine ran\n"; });
Chan\go(function () {
    echo "recursing\n";
    deep(0);
});
Chan\go(function () { echo "third coroutine must not run\n"; });
Chan\run(fn() => null);
echo "main must not continue\n";
?>
--EXPECTF--
first coroutine ran
recursing
PHP Fatal error:  Coroutine #2 overflowed its C stack of 64 KiB (chan.stack_size); infinite recursion? in %s on line %d
