--TEST--
SharedChannel under fault injection, short run (tests/shared/fault.php, about 4 s per ring): 3 producer and 3 consumer processes of 3 coroutines each on one channel of capacity 8, a random one SIGKILLed every few ms and replaced; on both rings no value is received twice, none that was never pushed or whose push timed out, none corrupt, every completed push is received except at most one per killed consumer, the survivors never block, the channel still works between new processes afterwards and sees close, and no shared memory, map or descriptor is left over
--EXTENSIONS--
chan
pcntl
posix
--INI--
memory_limit=-1
--SKIPIF--
<?php
if (!function_exists('pcntl_fork') || !function_exists('posix_kill')) die('skip needs pcntl and posix');
if (!is_dir('/proc/self/fd')) die('skip needs /proc (Linux)');
if (!class_exists('Chan\SharedChannel')) die('skip no Chan\SharedChannel');
if (!is_file(__DIR__ . '/fault.php')) die('skip tests/shared/fault.php is not there (not in the PECL package)');
?>
--FILE--
<?php
require __DIR__ . '/fault.php';

$opt = fault_options(['--seconds=4']);
foreach (fault_main($opt) as $r) {
    $ok = $r['problems'] === [] && $r['kills'] > 0 && $r['pushed'] > 0 && $r['duplicated'] === 0;
    echo $r['ring'], ': ', $ok ? 'ok' : 'FAILED', "\n";
    if (!$ok) {
        echo 'seed ', $opt['seed'], ': ', fault_line($r), "\n";
        foreach ($r['problems'] as $p) {
            echo "  $p\n";
        }
    }
}
?>
--EXPECT--
lockfree: ok
mutex: ok
