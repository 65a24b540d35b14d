--TEST--
The exception main gets from an aborting coroutine (from run(), pop(), Coroutine::sleep()) keeps the coroutine's frames first in getTrace() and getTraceAsString() (the coroutine's function called at the file and line of its go()), then main's frames from its blocking call; its file and line stay where it was thrown
--EXTENSIONS--
chan
--INI--
zend.exception_ignore_args=1
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

function fail(string $why): never { throw new LogicException($why); }
function frames(Throwable $e): string
{
    return implode(' < ', array_map(fn($f) => ($f['class'] ?? '') . ($f['type'] ?? '') . (str_starts_with($f['function'], '{closure') ? '{closure}' : $f['function']), $e->getTrace()));
}

try {
    Chan\run(function () { fail('in run'); });
} catch (LogicException $e) {
    echo frames($e), "\n", $e->getLine(), "\n";
}

function blockedInPop(Channel $ch) { $ch->pop(); }
try {
    go(function () { Coroutine::yield(); fail('while main pops'); });
    blockedInPop(new Channel());
} catch (LogicException $e) {
    echo frames($e), "\n";
    echo $e->getTraceAsString(), "\n";
}

try {
    go(function () { fail('while main sleeps'); });
    Coroutine::sleep(5);
} catch (LogicException $e) {
    echo frames($e), "\n";
}
?>
--EXPECTF--
fail < {closure} < Chan\run
6
fail < {closure} < Chan\Channel->pop < blockedInPop
#0 %s(20): fail()
#1 %s(20): {closure%S}()
#2 %s(18): Chan\Channel->pop()
#3 %s(21): blockedInPop()
#4 {main}
fail < {closure} < Chan\Coroutine::sleep
