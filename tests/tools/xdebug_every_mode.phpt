--TEST--
With Xdebug loaded, in every mode (develop, coverage, debug, profile, trace, gcstats), fire-and-forget go() at script end and coroutines started while a coroutine running an internal callable parks run without a crash (child processes; Xdebug's fiber observer used to crash on the drain's switch)
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (!is_file(PHP_EXTENSION_DIR . '/xdebug.so')) die('skip Xdebug is not installed (tests/tools/run.sh installs it)');
if (getenv('USE_ZEND_ALLOC') === '0') die('skip valgrind: six child processes with Xdebug are too slow');
?>
--FILE--
<?php
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
$dir = sys_get_temp_dir() . '/chan-xdebug-' . getmypid();
@mkdir($dir);
$code = <<<'PHP'
$ch = new Chan\Channel();
Chan\go([$ch, 'pop']);
Chan\go(function () { echo "second "; });
Chan\go([$ch, 'push'], 1);
Chan\go(function () { echo "runs "; });
echo "main ends ";
PHP;
foreach (['develop', 'coverage', 'debug', 'profile', 'trace', 'gcstats', 'develop,coverage,debug,profile,trace'] as $mode) {
    $cmd = 'XDEBUG_MODE=' . escapeshellarg($mode) . ' ' . escapeshellarg(PHP_BINARY) . ' -n -d zend_extension=xdebug'
         . ' -d xdebug.output_dir=' . escapeshellarg($dir) . ' -d extension=' . escapeshellarg($so)
         . ' -r ' . escapeshellarg($code) . ' 2>&1';
    exec($cmd, $out, $status);
    echo str_pad($mode, 37), implode('|', $out), " exit $status\n";
    $out = [];
}
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
develop                              main ends second runs exit 0
coverage                             main ends second runs exit 0
debug                                main ends second runs exit 0
profile                              main ends second runs exit 0
trace                                main ends second runs exit 0
gcstats                              main ends second runs exit 0
develop,coverage,debug,profile,trace main ends second runs exit 0
