--TEST--
exit(int) inside a coroutine gives the process that exit status, from main blocked, from run() and at script end
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (!function_exists('proc_open')) die('skip proc_open() not available');
?>
--FILE--
<?php
function run_child(string $code): void {
    $php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
    $args = getenv('TEST_PHP_EXTRA_ARGS') ?: '';
    $file = tempnam(sys_get_temp_dir(), 'chan');
    file_put_contents($file, "<?php\n" . $code);
    $p = proc_open("$php $args " . escapeshellarg($file), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($p);
    unlink($file);
    echo "status=$status output=", json_encode($out), "\n";
}
// main blocked in pop()
run_child('Chan\go(function () { echo "a"; exit(3); });
(new Chan\Channel)->pop(); echo "not reached";');
// inside run()
run_child('Chan\run(function () { Chan\go(function () { Chan\Coroutine::sleep(0.01); exit(4); }); Chan\Coroutine::sleep(5); });
echo "not reached";');
// at script end (main not blocked)
run_child('Chan\go(function () { Chan\Coroutine::yield(); exit(5); });
Chan\go(function () { Chan\Coroutine::yield(); Chan\Coroutine::yield(); echo "not reached"; });
echo "end ";');
// exit without status
run_child('Chan\go(function () { exit(); }); Chan\Coroutine::yield(); echo "not reached";');
?>
--EXPECT--
status=3 output="a"
status=4 output=""
status=5 output="end "
status=0 output=""
