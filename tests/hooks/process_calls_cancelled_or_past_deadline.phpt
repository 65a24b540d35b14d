--TEST--
The family "process": a parked exec(), system(), passthru(), shell_exec(), popen() read, pclose(), proc_open() pipe read or write and proc_close() is a checkpoint: Coroutine::cancel() and withTimeout() end it with their exceptions once PHP's function has returned; a call that waits for a child (all but the pipe reads and write) kills it (SIGKILL, as Go's exec.CommandContext does), so nothing waits out the child's 30 s; pclose() after an ended read waits for the child as PHP does; the coroutine that cancelled goes on
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

$calls = [
    'exec' => fn () => exec('sleep 30'),
    'system' => fn () => system('sleep 30'),
    'passthru' => fn () => passthru('sleep 30'),
    'shell_exec' => fn () => shell_exec('sleep 30'),
    // the child writes once the read has been ended, and ends when pclose()
    // has closed the pipe (SIGPIPE)
    'popen read' => function () { $p = popen('sleep 0.5; while echo x 2>/dev/null; do sleep 0.05; done', 'r'); try { return fread($p, 10); } finally { pclose($p); } },
    'pclose' => function () { $p = popen('exec >&-; exec sleep 30', 'r'); return pclose($p); },
    'proc_close' => function () { $p = proc_open(['sleep', '30'], [], $pipes); return proc_close($p); },
];
$pipeCalls = [
    'proc_open pipe read' => fn ($pipes) => fread($pipes[1], 10),
    'proc_open pipe write' => fn ($pipes) => fwrite($pipes[0], str_repeat('x', 1 << 20)),
];

Chan\run(function () use ($calls, $pipeCalls) {
    $t0 = microtime(true);
    foreach ($calls as $name => $call) {
        // cancelled by another coroutine once it has parked
        $done = new Chan\Channel();
        $co = Chan\go(function () use ($call, $name, $done) {
            try {
                $call();
                echo "$name: returned\n";
            } catch (Chan\CancelledException $e) {
                echo "$name: ", get_class($e), "\n";
            }
            $done->push(true);
        });
        Coroutine::sleep(0.05);
        Coroutine::cancel($co);
        $done->pop();
        // past its deadline
        try {
            Chan\withTimeout(0.05, $call);
            echo "$name: returned\n";
        } catch (Chan\TimeoutException $e) {
            echo "$name: ", get_class($e), "\n";
        }
    }
    foreach ($pipeCalls as $name => $call) {
        $p = proc_open(['sleep', '30'], [['pipe', 'r'], ['pipe', 'w']], $pipes);
        try {
            Chan\withTimeout(0.05, fn () => $call($pipes));
            echo "$name: returned\n";
        } catch (Chan\TimeoutException $e) {
            echo "$name: ", get_class($e), "\n";
        }
        proc_terminate($p, 9);
        echo "$name: proc_close ", proc_close($p), "\n";
    }
    $took = microtime(true) - $t0;
    echo $took < 20 ? "no call waited for its child\n" : "took $took s\n";
});
?>
--EXPECT--
exec: Chan\CancelledException
exec: Chan\TimeoutException
system: Chan\CancelledException
system: Chan\TimeoutException
passthru: Chan\CancelledException
passthru: Chan\TimeoutException
shell_exec: Chan\CancelledException
shell_exec: Chan\TimeoutException
popen read: Chan\CancelledException
popen read: Chan\TimeoutException
pclose: Chan\CancelledException
pclose: Chan\TimeoutException
proc_close: Chan\CancelledException
proc_close: Chan\TimeoutException
proc_open pipe read: Chan\TimeoutException
proc_open pipe read: proc_close 9
proc_open pipe write: Chan\TimeoutException
proc_open pipe write: proc_close 9
no call waited for its child
