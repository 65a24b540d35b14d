--TEST--
waitReadable() on a proc_open() pipe parks the coroutine until the child writes (after a delay) while other coroutines run, then the read gets the child's output and EOF
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$proc = proc_open([PHP_BINARY, '-n', '-r', 'usleep(100000); echo "x";'], [1 => ['pipe', 'w']], $pipes);
$out = $pipes[1];
stream_set_blocking($out, false);

$done = false;
$ticks = 0;
go(function () use ($out, &$done, &$ticks) {
    echo "reader waits\n";
    Coroutine::waitReadable($out);
    echo "reader woke, ticks meanwhile: ", $ticks > 0 ? "yes" : "no", "\n";
    $data = '';
    while (!feof($out)) {
        $data .= fread($out, 100);
        if (!feof($out)) {
            Coroutine::waitReadable($out);
        }
    }
    var_dump($data);
    $done = true;
});
go(function () use (&$done, &$ticks) {
    while (!$done) {
        $ticks++;
        Coroutine::sleep(0.005);
    }
});
Chan\run(fn () => null);
fclose($out);
var_dump(proc_close($proc));
?>
--EXPECT--
reader waits
reader woke, ticks meanwhile: yes
string(1) "x"
int(0)
