--TEST--
PHP 8.3+: PHP's own stack limit holds inside a coroutine: deep recursion throws a catchable Error there, and the coroutine and the others go on
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (PHP_VERSION_ID < 80300) die('skip zend.max_allowed_stack_size is PHP 8.3+');
// pcov (1.0.12, PHP 8.4) hooks zend_execute_ex; PHP's stack limit then misses this
// recursion in main and in a Fiber too (both end in SIGSEGV), so no coroutine can do better.
if (extension_loaded('pcov') && ini_get('pcov.enabled')) die('skip PHP\'s stack limit does not hold under pcov (main and Fibers segfault too)');
?>
--INI--
chan.stack_size=256K
--FILE--
<?php
function deep(int $n): int
{
    return array_sum(array_map(fn($x) => deep($n + 1), [1]));
}

Chan\go(function () { echo "first coroutine ran\n"; });
Chan\go(function () {
    try {
        deep(0);
        echo "no limit reached\n";
    } catch (Error $e) {
        // No preg_replace(): PCRE's JIT reads past the subject, which valgrind reports.
        [$head, $tail] = explode(' bytes', $e->getMessage(), 2);
        echo get_class($e), ": ", rtrim($head, '0123456789'), "N bytes", $tail, "\n";
    }
    Chan\Coroutine::yield();
    echo "second coroutine goes on\n";
});
Chan\go(function () { echo "third coroutine ran\n"; });
Chan\run(fn() => null);
echo "main goes on\n";
?>
--EXPECTF--
first coroutine ran
Error: Maximum call stack size of N bytes %sreached. Infinite recursion?
third coroutine ran
second coroutine goes on
main goes on
