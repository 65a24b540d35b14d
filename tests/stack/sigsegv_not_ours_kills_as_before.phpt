--TEST--
A SIGSEGV that is not a coroutine stack overflow (one sent with kill) is not swallowed: it kills as it would without chan, or reaches the script's own handler; an overflow after it is still reported
--EXTENSIONS--
chan
posix
pcntl
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux') die('skip the overflow handler is Linux only');
if (getenv('USE_ZEND_ALLOC') === '0' && !str_contains((string) getenv('LD_PRELOAD'), 'asan')) die('skip valgrind reports the deliberate overflow itself');
if (str_contains((string) getenv('LD_PRELOAD'), 'asan')) die('skip under ASan the handler before ours is ASan\'s, which reports the sent SIGSEGV itself');
?>
--FILE--
<?php
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (str_ends_with(trim($line), '/chan.so')) { $so = substr(trim($line), strpos(trim($line), '/')); break; }
}
$php = [PHP_BINARY, '-n'];
foreach (['posix', 'pcntl'] as $ext) {
    if (is_file(ini_get('extension_dir') . "/$ext.so")) array_push($php, '-d', "extension=$ext");
}
array_push($php, '-d', 'chan.stack_size=64K', '-d', 'zend.max_allowed_stack_size=-1', '-d', "extension=$so");

function child(array $php, string $code): void
{
    // An argument list, no shell: the child's own death is what we see.
    $p = proc_open([...$php, '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    do {
        $st = proc_get_status($p);
    } while ($st['running'] && usleep(10000) === null);
    proc_close($p);
    echo trim($out), "\n";
    echo $st['signaled'] ? "killed by signal {$st['termsig']}" : "exit status {$st['exitcode']}", "\n";
    if (str_contains($err, 'overflowed its C stack of 64 KiB')) echo "overflow reported\n";
    echo "--\n";
}

// The first coroutine stack installs the overflow handler.
child($php, 'Chan\run(fn() => Chan\Coroutine::yield()); echo "sending\n"; posix_kill(getmypid(), SIGSEGV); echo "survived\n";');

child($php, <<<'PHP'
pcntl_async_signals(true);
pcntl_signal(SIGSEGV, function () { echo "the script's handler ran\n"; });
Chan\run(fn() => Chan\Coroutine::yield());
posix_kill(getmypid(), SIGSEGV);
echo "survived\n";
function deep(int $n): int { return array_sum(array_map(fn($x) => deep($n + 1), [1])); }
Chan\run(fn() => deep(0));
echo "not reached\n";
PHP);
?>
--EXPECT--
sending
killed by signal 11
--
the script's handler ran
survived
exit status 255
overflow reported
--
