--TEST--
When no C stack can be mapped (ulimit -v in a child), the coroutine that needed one aborts the run with Chan\Error, the others are destroyed, and the process goes on working
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux' || !is_executable('/bin/bash')) die('skip needs Linux and bash for ulimit');
if (getenv('USE_ZEND_ALLOC') === '0' || getenv('LD_PRELOAD')) die('skip valgrind and ASan reserve address space of their own');
?>
--FILE--
<?php
// The child loads the same chan.so this process has mapped.
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
// 256 MiB stacks in 64 MiB-or-more slabs: a 3 GB address space holds a few.
$code = <<<'PHP'
$ch = new Chan\Channel();
$finally = 0;
try {
    for ($i = 0; $i < 100; $i++) {
        Chan\go(function () use ($ch, &$finally) {
            try {
                $ch->pop();
            } finally {
                $finally++;
            }
        });
    }
    Chan\Coroutine::yield();
} catch (Chan\Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo "destroyed: ", $finally > 0 && $finally < 100 ? "some, with their finally blocks" : $finally, "\n";
var_dump(Chan\Coroutine::count());
echo Chan\run(fn() => "still works"), "\n";
PHP;
$cmd = 'ulimit -v 3000000; exec ' . escapeshellarg(PHP_BINARY) . ' -n -d chan.stack_size=256M -d extension=' . escapeshellarg($so)
     . ' -r ' . escapeshellarg($code);
passthru('/bin/bash -c ' . escapeshellarg($cmd), $status);
echo "exit status $status\n";
?>
--EXPECTF--
Chan\Error: Cannot allocate coroutine stacks: mmap failed: %s (12)
destroyed: some, with their finally blocks
int(0)
still works
exit status 0
