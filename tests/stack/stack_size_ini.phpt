--TEST--
chan.stack_size: quantities accepted, out-of-range values refused at startup, not changeable at run time
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (!is_readable('/proc/self/maps')) die('skip finds its chan.so in /proc/self/maps');
?>
--INI--
chan.stack_size=1M
--FILE--
<?php
var_dump(ini_get('chan.stack_size'));
var_dump(ini_set('chan.stack_size', '512K'));
var_dump(ini_get('chan.stack_size'));

// A coroutine runs on the configured stack: deep C recursion that 64K would
// not hold fits in 1M.
function deep(int $n): int
{
    return $n === 0 ? 0 : 1 + array_sum(array_map(fn($x) => deep($n - 1), [1]));
}
var_dump(Chan\run(fn() => deep(200)));

// Startup values, in child processes loading the chan.so this one has mapped.
$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) { $so = $m[1]; break; }
}
foreach (['1K', '300M', '-1', 'abc'] as $bad) {
    $out = shell_exec(escapeshellarg(PHP_BINARY) . ' -n -d extension=' . escapeshellarg($so)
        . ' -d chan.stack_size=' . escapeshellarg($bad) . ' -r ' . escapeshellarg('echo ini_get("chan.stack_size"), "\n";') . ' 2>&1');
    echo $bad, ': ', trim(preg_replace('/\s+/', ' ', $out)), "\n";
}
?>
--EXPECTF--
string(2) "1M"
bool(false)
string(2) "1M"
int(200)
1K: %sInvalid "chan.stack_size" setting: must be between 64K and 256M%s256K
300M: %sInvalid "chan.stack_size" setting: must be between 64K and 256M%s256K
-1: %sInvalid "chan.stack_size" setting: must be between 64K and 256M%s256K
abc: %s256K
