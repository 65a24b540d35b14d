--TEST--
A capacity the machine cannot hold gives Chan\Error with a clear message, not a crash (run in a child process limited by ulimit -v), and the process goes on working
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
$code = <<<'PHP'
foreach ([false, true] as $lock) {
    try {
        new Chan\Channel(Chan\Channel::MAX_CAPACITY, $lock);
        echo "made\n";
    } catch (Chan\Error $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
$c = new Chan\Channel(4);
$c->push("still works");
echo $c->pop(), "\n";
PHP;
$cmd = 'ulimit -v 250000; exec ' . escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($so)
     . ' -r ' . escapeshellarg($code);
passthru('/bin/bash -c ' . escapeshellarg($cmd), $status);
echo "exit status $status\n";
?>
--EXPECT--
Chan\Error: Cannot allocate a buffer for 16777216 values
Chan\Error: Cannot allocate a buffer for 16777216 values
still works
exit status 0
