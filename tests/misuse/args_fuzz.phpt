--TEST--
Argument fuzzer (tests/fuzz/args_fuzz.php, fixed seed): wrong values to every function and method, in every context, only return or throw a well-formed exception, and lose or leak no value
--EXTENSIONS--
chan
--FILE--
<?php
// A fixed seed and a small count keep this quick (and under valgrind); the
// full fuzzer is tests/fuzz/args_fuzz.sh. Any finding prints a FAIL line
// with its reproducer instead of the summary below.
$argv = ['args_fuzz.php', '--seed=1', '--iterations=300'];
require __DIR__ . '/../fuzz/args_fuzz.php';
?>
--EXPECTF--
args_fuzz: ok, seed 1, %d calls (%d returned, %d threw, %d ended by the watchdog), %d warnings
