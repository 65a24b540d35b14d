--TEST--
The family "process" keeps the stream family's rules on proc_open() pipes: a second coroutine reading a pipe another is parked on gets Chan\Error naming it and the first goes on; fclose() of a pipe by another coroutine wakes its parked reader, whose fread() fails (false) before fclose() returns; a pipe made non-blocking never parks (fread() gives "" at once, the other coroutine has not run); proc_open()'s "socket" descriptors park only the reader too (the other coroutine answers the child meanwhile)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

Chan\run(function () {
    $p = proc_open(['timeout', '30', 'cat'], [['pipe', 'r'], ['pipe', 'w']], $pipes);
    $wg = new Chan\WaitGroup();
    $wg->add(2);
    go(function () use ($pipes, $wg) { $line = fgets($pipes[1]); echo "first read: ", var_export($line, true), "\n"; $wg->done(); });
    go(function () use ($pipes, $wg) {
        try {
            fgets($pipes[1]);
        } catch (Chan\Error $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
        fwrite($pipes[0], "for the first\n");
        $wg->done();
    });
    $wg->wait();

    // closed by another coroutine while a reader is parked
    $wg->add(2);
    go(function () use ($pipes, $wg) { $r = @fread($pipes[1], 10); echo "parked read after fclose: ", var_export($r, true), "\n"; $wg->done(); });
    go(function () use ($pipes, $wg) { $r = fclose($pipes[1]); echo "fclose: ", var_export($r, true), "\n"; $wg->done(); });
    $wg->wait();
    fclose($pipes[0]);
    echo "proc_close: ", proc_close($p), "\n";

    // non-blocking
    $p = proc_open(['timeout', '30', 'cat'], [['pipe', 'r'], ['pipe', 'w']], $pipes);
    $ran = false;
    go(function () use (&$ran) { $ran = true; });
    stream_set_blocking($pipes[1], false);
    echo "non-blocking read: ", var_export(fread($pipes[1], 10), true), ", other ran: ", var_export($ran, true), "\n";
    fclose($pipes[0]);
    fclose($pipes[1]);
    proc_close($p);

    // socket descriptors
    $p = proc_open(['timeout', '30', 'sh', '-c', 'read x; echo got-$x'], [0 => ['socket'], 1 => ['socket']], $pipes);
    $wg->add(2);
    go(function () use ($pipes, $wg) { $line = fgets($pipes[1]); echo "socket read: ", trim($line), "\n"; $wg->done(); });
    go(function () use ($pipes, $wg) { fwrite($pipes[0], "v\n"); $wg->done(); });
    $wg->wait();
    fclose($pipes[0]);
    fclose($pipes[1]);
    echo "proc_close: ", proc_close($p), "\n";
});
?>
--EXPECTF--
Chan\Error: Cannot read from a stream that coroutine #%d is reading from: one context at a time per stream and direction
first read: 'for the first
'
parked read after fclose: false
fclose: true
proc_close: 0
non-blocking read: '', other ran: false
socket read: got-v
proc_close: 0
