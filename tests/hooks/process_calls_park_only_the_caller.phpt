--TEST--
The family "process" parks only the caller: a coroutine waiting in exec(), system(), passthru(), shell_exec(), backticks, a read of popen()'s or proc_open()'s pipe, a write to a full proc_open() pipe, pclose() and proc_close() lets another coroutine run, which starts the child's counterpart (a writer to the FIFO the child reads); were the process blocked instead, the child would give up after 30 s (timeout; far beyond any slowdown of a busy valgrind run, and costing nothing when the hook works) and the results would say so
--EXTENSIONS--
chan
--INI--
; PHP 8.5 deprecates the backtick operator, at compile time
error_reporting=E_ALL & ~E_DEPRECATED
--SKIPIF--
<?php
foreach (['timeout', 'mkfifo'] as $tool) {
    if (trim((string) shell_exec("command -v $tool")) === '') die("skip $tool(1) needed");
}
?>
--FILE--
<?php
use function Chan\go;

$dir = sys_get_temp_dir() . '/chan-park-' . getmypid();
mkdir($dir);
$n = 0;
function fifo(string $dir, int &$n): string
{
    $f = "$dir/f" . $n++;
    exec('mkfifo -m 600 ' . escapeshellarg($f), $out, $status);
    if ($status !== 0) {
        throw new RuntimeException("mkfifo $f failed");
    }
    return $f;
}

// Each case: a call that waits for a child reading a FIFO, and what the
// other coroutine writes into the FIFO meanwhile.
$cases = [
    'exec' => fn ($f) => exec('timeout 30 cat ' . escapeshellarg($f) . ' || echo gave-up'),
    'system' => function ($f) { ob_start(); system('timeout 30 cat ' . escapeshellarg($f) . ' || echo gave-up'); return trim(ob_get_clean()); },
    'passthru' => function ($f) { ob_start(); passthru('timeout 30 cat ' . escapeshellarg($f) . ' || echo gave-up'); return trim(ob_get_clean()); },
    'shell_exec' => fn ($f) => trim(shell_exec('timeout 30 cat ' . escapeshellarg($f) . ' || echo gave-up')),
    'backticks' => fn ($f) => trim(`timeout 30 cat {$f} || echo gave-up`),
    'popen read' => function ($f) { $p = popen('timeout 30 cat ' . escapeshellarg($f) . ' || echo gave-up', 'r'); $d = fgets($p); pclose($p); return trim($d); },
    'pclose' => function ($f) {
        $p = popen('exec >&-; timeout 30 cat ' . escapeshellarg($f) . ' >/dev/null && exit 7; exit 1', 'r');
        return 'status ' . pclose($p);
    },
    'proc_open read' => function ($f) {
        $p = proc_open(['sh', '-c', 'timeout 30 cat "$0" || echo gave-up', $f], [1 => ['pipe', 'w']], $pipes);
        $d = fgets($pipes[1]);
        proc_close($p);
        return trim($d);
    },
    'proc_close' => function ($f) {
        $p = proc_open(['sh', '-c', 'timeout 30 cat "$0" >/dev/null && exit 6; exit 1', $f], [], $pipes);
        return 'status ' . proc_close($p);
    },
];

Chan\run(function () use ($cases, $dir, &$n) {
    foreach ($cases as $name => $call) {
        $f = fifo($dir, $n);
        $log = [];
        $wg = new Chan\WaitGroup();
        $wg->add(2);
        go(function () use ($call, $f, &$log, $wg) { $log['call'] = 'result ' . $call($f); $wg->done(); });
        go(function () use ($f, &$log, $wg) {
            // The writer is a child too, so that a blocked process ends in
            // 30 s instead of hanging: it opens the FIFO once cat has.
            $w = proc_open(['timeout', '30', 'sh', '-c', 'echo line > "$0"', $f], [], $pipes);
            $log['writer'] = 'writer ' . proc_close($w);
            $wg->done();
        });
        $wg->wait();
        echo str_pad($name, 16), $log['call'], ', ', $log['writer'], "\n";
        unlink($f);
    }

    // A write larger than the pipe holds parks until the child reads it,
    // and the child reads only once the other coroutine has said so.
    $f = fifo($dir, $n);
    $p = proc_open(['sh', '-c', 'timeout 30 cat "$0" >/dev/null && exec wc -c; echo gave-up', $f], [['pipe', 'r'], ['pipe', 'w']], $pipes);
    $log = [];
    $wg = new Chan\WaitGroup();
    $wg->add(2);
    go(function () use ($pipes, &$log, $wg) { $log['call'] = 'wrote ' . fwrite($pipes[0], str_repeat('z', 1 << 20)); fclose($pipes[0]); $wg->done(); });
    go(function () use ($f, &$log, $wg) {
        $w = proc_open(['timeout', '30', 'sh', '-c', ': > "$0"', $f], [], $unused);
        $log['writer'] = 'writer ' . proc_close($w);
        $wg->done();
    });
    $wg->wait();
    echo str_pad('pipe write', 16), $log['call'], ', ', $log['writer'], ', child read ', trim(stream_get_contents($pipes[1])), "\n";
    proc_close($p);
    unlink($f);
});
rmdir($dir);
?>
--EXPECT--
exec            result line, writer 0
system          result line, writer 0
passthru        result line, writer 0
shell_exec      result line, writer 0
backticks       result line, writer 0
popen read      result line, writer 0
pclose          result status 7, writer 0
proc_open read  result line, writer 0
proc_close      result status 6, writer 0
pipe write      wrote 1048576, writer 0, child read 1048576
