--TEST--
The family "process": exec(), system(), passthru(), shell_exec(), backticks, popen()/pclose() and proc_open()/proc_close() in a coroutine give exactly PHP's own results (the same call in main with chan.hooks "none"): return values, the lines exec() collects (trailing whitespace cut, appended to an array given), what system() and passthru() print (binary too), exit statuses (a signal's too), lines longer than PHP's 4096-byte buffer, output without a final newline, no output at all (shell_exec() null), proc_get_status() before proc_close(), and PHP's own errors for arguments it rejects
--EXTENSIONS--
chan
--INI--
; PHP 8.5 deprecates the backtick operator, at compile time
error_reporting=E_ALL & ~E_DEPRECATED
--SKIPIF--
<?php if (!is_executable('/bin/sh')) die('skip no /bin/sh'); ?>
--FILE--
<?php
$tmp = tempnam(sys_get_temp_dir(), 'chan-proc');
$long = str_repeat('x', 5000);
$longer = str_repeat('y', 9000);
$calls = [
    'exec, lines' => function () { $o = ['kept']; $last = exec("printf 'a  \\nb \\n\\n\\tc\\t'", $o, $c); return [$last, $o, $c]; },
    'exec, no array' => fn () => exec("printf 'one\\ntwo  \\n'"),
    'exec, long lines' => function () use ($long, $longer) {
        $last = exec("printf '%s\\n%s' $long $longer", $o, $c);
        return [strlen($last), array_map('strlen', $o), $c];
    },
    'exec, exit 3' => function () { $last = exec('exit 3', $o, $c); return [$last, $o, $c]; },
    'exec, killed' => function () { $last = exec('kill -9 $$', $o, $c); return [$last, $o, $c]; },
    'exec, whitespace only' => function () { $last = exec("printf '  \\n \\n'", $o, $c); return [$last, $o, $c]; },
    'system' => function () { ob_start(); $last = system("printf 'l1\\nl2 \\n'; exit 5", $c); return [ob_get_clean(), $last, $c]; },
    'system, no output' => function () { ob_start(); $last = system('true', $c); return [ob_get_clean(), $last, $c]; },
    'passthru, binary' => function () { ob_start(); $r = passthru("printf 'a\\000b\\001\\n'; exit 2", $c); return [bin2hex(ob_get_clean()), $r, $c]; },
    'shell_exec' => fn () => shell_exec("printf 'out\\n'"),
    'shell_exec, no output' => fn () => shell_exec('true'),
    'backticks' => fn () => `printf back`,
    'popen, read' => function () { $f = popen("printf 'p1\\np2'; exit 4", 'r'); $d = stream_get_contents($f); return [$d, pclose($f)]; },
    'popen, write' => function () use ($tmp) {
        $f = popen('cat > ' . escapeshellarg($tmp), 'w');
        $n = fwrite($f, str_repeat('w', 200000));
        $c = pclose($f);
        return [$n, $c, filesize($tmp)];
    },
    'proc_open' => function () {
        $p = proc_open(['sh', '-c', 'tr a-z A-Z; echo err >&2; exit 6'], [['pipe', 'r'], ['pipe', 'w'], ['pipe', 'w']], $pipes);
        fwrite($pipes[0], str_repeat('abc', 30000));
        fclose($pipes[0]);
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        return [strlen($out), substr($out, 0, 6), $err, proc_close($p)];
    },
    'proc_get_status, then proc_close' => function () {
        $p = proc_open('exit 9', [], $pipes);
        do { $s = proc_get_status($p); } while ($s['running'] && usleep(10000) === null);
        return [$s['running'], $s['exitcode'], proc_close($p)];
    },
    'proc_close, pipes left open' => function () {
        $p = proc_open('cat; exit 8', [['pipe', 'r'], ['pipe', 'w']], $pipes);
        return [proc_close($p), get_resource_type($pipes[0])];
    },
    'exec, empty command' => function () { try { exec(''); } catch (ValueError $e) { return get_class($e) . ': ' . $e->getMessage(); } },
    'shell_exec, NUL byte' => function () { try { shell_exec("true\0"); } catch (ValueError $e) { return get_class($e) . ': ' . $e->getMessage(); } },
];

$php = [];
ini_set('chan.hooks', 'none');
foreach ($calls as $name => $call) {
    $php[$name] = $call();
}
ini_restore('chan.hooks');
var_dump(in_array('process', Chan\hooks(), true));
Chan\run(function () use ($calls, $php) {
    $ticks = 0;
    $stop = false;
    Chan\go(function () use (&$ticks, &$stop) { while (!$stop) { $ticks++; Chan\Coroutine::sleep(0.001); } });
    foreach ($calls as $name => $call) {
        $ours = $call();
        echo $name, ': ', $ours === $php[$name] ? 'same' : 'DIFFERS: ' . var_export($ours, true) . ' vs PHP ' . var_export($php[$name], true), "\n";
    }
    $stop = true;
});
echo json_encode($php['exec, lines']), "\n", json_encode($php['system']), "\n", json_encode($php['proc_open']), "\n";
unlink($tmp);
?>
--EXPECT--
bool(true)
exec, lines: same
exec, no array: same
exec, long lines: same
exec, exit 3: same
exec, killed: same
exec, whitespace only: same
system: same
system, no output: same
passthru, binary: same
shell_exec: same
shell_exec, no output: same
backticks: same
popen, read: same
popen, write: same
proc_open: same
proc_get_status, then proc_close: same
proc_close, pipes left open: same
exec, empty command: same
shell_exec, NUL byte: same
["\tc",["kept","a","b","","\tc"],0]
["l1\nl2 \n","l2",5]
[90000,"ABCABC","err\n",6]
