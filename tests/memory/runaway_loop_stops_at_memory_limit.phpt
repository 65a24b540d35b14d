--TEST--
memory_limit holds for coroutines: a loop that starts coroutines parking in pop() ends with PHP's "Allowed memory size ... exhausted" fatal error (exit status 255, no crash) after a few thousand of them, its RSS growing by at most 1.5 times the limit; with memory_limit=-1 the same loop is not stopped
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is not enforced without Zend MM');
if (!is_readable('/proc/self/status')) die('skip needs /proc/self/status');
?>
--FILE--
<?php
// The child loads the same chan.so this process has mapped.
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
$child = <<<'PHP'
preg_match('/^VmRSS:\s+(\d+)/m', file_get_contents('/proc/self/status'), $m);
$start = (int) $m[1];
$cap = (int) $argv[1];
$ch = new Chan\Channel();
$n = 0;
register_shutdown_function(function () use (&$n, $start) {
    echo json_encode(['n' => $n, 'growth_kb' => getrusage()['ru_maxrss'] - $start]), "\n";
});
for (; $n < $cap; $n++) {
    Chan\go(fn () => $ch->pop());
    if ($n % 1000 === 999) {
        Chan\Coroutine::yield();
    }
}
echo Chan\Coroutine::count(), " coroutines parked\n";
exit(0); // they stay parked: exit() runs no coroutine
PHP;

function run(string $so, string $limit, int $cap, string $child): array {
    $p = proc_open([PHP_BINARY, '-n', '-d', 'memory_limit=' . $limit, '-d', 'display_errors=stdout', '-d', 'log_errors=0',
        '-d', 'extension=' . $so, '-r', $child, (string) $cap], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [$out, $err, proc_close($p)];
}

[$out, $err, $rc] = run($so, '32M', 1000000, $child);
$lines = explode("\n", trim($out));
$last = json_decode(end($lines), true);
echo preg_match('/Fatal error: +Allowed memory size of 33554432 bytes exhausted/', $out) ? "fatal: memory_limit\n" : "no memory_limit fatal:\n$out$err\n";
echo "exit status $rc\n";
echo "coroutines: ", $last['n'] > 1000 && $last['n'] < 100000 ? "a few thousand" : $last['n'], "\n";
// 1.5 x on release builds (the issue's bound); a debug PHP's allocator keeps
// bookkeeping beside every block that memory_limit does not count (1.7 x
// measured on the debug ZTS build of the matrix).
$bound = PHP_DEBUG ? 2.5 : 1.5;
$ratio = $last['growth_kb'] * 1024 / (32 << 20);
echo "RSS growth within the bound: ", $ratio <= $bound ? "yes" : "no ($ratio x the limit, bound $bound)", "\n";

// Unlimited: the same number of coroutines (and more) is no problem.
[$out, $err, $rc] = run($so, '-1', 3 * $last['n'], $child);
echo strtok($out, "\n") === (string) (3 * $last['n']) . " coroutines parked" ? "memory_limit=-1: all parked\n" : "memory_limit=-1: $out$err\n";
echo "exit status $rc\n";
?>
--EXPECT--
fatal: memory_limit
exit status 255
coroutines: a few thousand
RSS growth within the bound: yes
memory_limit=-1: all parked
exit status 0
