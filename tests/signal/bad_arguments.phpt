--TEST--
Chan\signal() with no signal is an ArgumentCountError; SIGKILL, SIGSTOP, the fault signals and numbers that are no signal are ValueErrors naming the argument; a non-integer is a TypeError; a numeric string is taken as PHP takes it for an int
--EXTENSIONS--
chan
--FILE--
<?php
$calls = [
    fn () => Chan\signal(),
    fn () => Chan\signal(Chan\SIGTERM, 9 /* SIGKILL */),
    fn () => Chan\signal(19 /* SIGSTOP */),
    fn () => Chan\signal(11 /* SIGSEGV */),
    fn () => Chan\signal(0),
    fn () => Chan\signal(-1),
    fn () => Chan\signal(65),
    fn () => Chan\signal(PHP_INT_MAX),
    fn () => Chan\signal('TERM'),
    fn () => Chan\signal(Chan\SIGTERM, []),
];
foreach ($calls as $call) {
    try {
        $call();
        echo "no error\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(Chan\signal('15')->isEmpty());
?>
--EXPECTF--
ArgumentCountError: Chan\signal() expects at least 1 argument, 0 given
ValueError: Chan\signal(): Argument #2 ($signals) must not be SIGKILL or SIGSTOP, which cannot be caught
ValueError: Chan\signal(): Argument #1 ($signals) must not be SIGKILL or SIGSTOP, which cannot be caught
ValueError: Chan\signal(): Argument #1 ($signals) must not be SIGSEGV, SIGBUS, SIGFPE or SIGILL, which report a fault
ValueError: Chan\signal(): Argument #1 ($signals) must be a signal number
ValueError: Chan\signal(): Argument #1 ($signals) must be a signal number
ValueError: Chan\signal(): Argument #1 ($signals) must be a signal number
ValueError: Chan\signal(): Argument #1 ($signals) must be a signal number
TypeError: Chan\signal(): Argument #1 ($signals) must be of type int, string given
TypeError: Chan\signal(): Argument #2 ($signals) must be of type int, array given
bool(true)
