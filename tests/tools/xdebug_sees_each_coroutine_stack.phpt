--TEST--
Under Xdebug (develop mode: tests/tools/run.sh), Xdebug's fiber observer keeps one function stack per coroutine: xdebug_get_function_stack() shows the coroutine's own frames under a {fiber} entry, main's under {main}, across switches, and for a coroutine started by the end-of-script drain
--EXTENSIONS--
chan
--SKIPIF--
<?php
if (!function_exists('xdebug_info') || !in_array('develop', xdebug_info('mode'), true)) die('skip needs Xdebug in develop mode (tests/tools/run.sh)');
?>
--FILE--
<?php
function names(): string
{
    $names = [];
    foreach (xdebug_get_function_stack() as $e) {
        $name = ($e['class'] ?? '') . ($e['type'] ?? '') . ($e['function'] ?? '?');
        $names[] = str_starts_with($name, '{fiber:') ? '{fiber}' : (str_starts_with($name, '{closure') ? '{closure}' : $name);
    }
    return implode(' > ', $names);
}
function inCoroutine($ch) { echo "coroutine: ", names(), "\n"; $ch->pop(); echo "coroutine resumed: ", names(), "\n"; }
function inMain($ch) { Chan\Coroutine::yield(); echo "main: ", names(), "\n"; $ch->push(1); echo "main after push: ", names(), "\n"; }
$ch = new Chan\Channel();
Chan\go(function () use ($ch) { inCoroutine($ch); });
inMain($ch);
Chan\go(function () { echo "drained: ", names(), "\n"; });
?>
--EXPECT--
coroutine: {fiber} > {closure} > inCoroutine > names
main: {main} > inMain > names
main after push: {main} > inMain > names
coroutine resumed: {fiber} > {closure} > inCoroutine > names
drained: {fiber} > {closure} > names
