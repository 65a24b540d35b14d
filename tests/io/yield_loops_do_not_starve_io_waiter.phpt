--TEST--
Coroutines that loop on Coroutine::yield() until a flag is set do not starve a coroutine waiting readable on a pipe that becomes ready: the waiter wakes and sets the flag, which stops the loops
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

// the child writes after a delay, while the spinners keep the run queue busy
$proc = proc_open([PHP_BINARY, '-n', '-r', 'usleep(50000); echo "ready";'], [1 => ['pipe', 'w']], $pipes);
$out = $pipes[1];
stream_set_blocking($out, false);

$flag = false;
$deadline = hrtime(true) + 20e9;   // a starved waiter fails the test instead of hanging it
go(function () use ($out, &$flag) {
    Coroutine::waitReadable($out);
    echo "waiter woke: ", fread($out, 100), "\n";
    $flag = true;
});
$spinners = [];
foreach ([1, 2, 3] as $i) {
    go(function () use ($i, &$flag, $deadline, &$spinners) {
        $spins = 0;
        while (!$flag && hrtime(true) < $deadline) {
            Coroutine::yield();
            $spins++;
        }
        $spinners[$i] = "spinner $i: " . ($flag ? "stopped by the flag" : "waiter starved") . ", spun: " . ($spins > 0 ? "yes" : "no");
    });
}
Chan\run(fn () => null);
ksort($spinners);   // the waiter may wake at any point of the spinners' round
echo implode("\n", $spinners), "\n";
fclose($out);
var_dump(proc_close($proc));
?>
--EXPECT--
waiter woke: ready
spinner 1: stopped by the flag, spun: yes
spinner 2: stopped by the flag, spun: yes
spinner 3: stopped by the flag, spun: yes
int(0)
