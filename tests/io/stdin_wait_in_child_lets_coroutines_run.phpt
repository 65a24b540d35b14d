--TEST--
In a child PHP process, a coroutine waiting readable on STDIN (a pipe) lets another coroutine tick with Coroutine::sleep() until the parent writes a line, which it does once a timer has fired in the child; then the line is read
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!is_readable('/proc/self/maps')) die('skip needs /proc/self/maps to find chan.so'); ?>
--FILE--
<?php
// The child loads the same chan.so this process has mapped.
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
$code = <<<'PHP'
use Chan\Coroutine;
$done = false;
$ticks = 0;
Chan\go(function () use (&$done, &$ticks) {
    echo "child: waiting on STDIN\n";
    Coroutine::waitReadable(STDIN);
    echo "child: ticks while waiting: ", $ticks > 0 ? "yes" : "no", "\n";
    echo "child: read ", fgets(STDIN);
    $done = true;
});
Chan\go(function () use (&$done, &$ticks) {
    while (!$done) {
        Coroutine::sleep(0.005);
        if (++$ticks === 1) {
            echo "child: ticked while waiting\n";   // the parent writes once it sees this
        }
    }
});
Chan\run(fn () => null);
echo "child: done\n";
PHP;
$proc = proc_open([PHP_BINARY, '-n', '-d', "extension=$so", '-r', $code],
                  [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
[$in, $out] = $pipes;
stream_set_timeout($out, 60);   // a child that never ticks fails the test, not hangs it
echo fgets($out);       // the child waits now
echo fgets($out);       // and a timer has fired in it meanwhile
fwrite($in, "hello\n");
fclose($in);
echo stream_get_contents($out);
fclose($out);
echo "exit status ", proc_close($proc), "\n";
?>
--EXPECT--
child: waiting on STDIN
child: ticked while waiting
child: ticks while waiting: yes
child: read hello
child: done
exit status 0
