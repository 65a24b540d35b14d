--TEST--
time_sleep_until() with a timestamp PHP rejects (INF, -INF, 10e300, 18446744074.0, NAN) throws PHP's own ValueError while a coroutine lives, exactly as without one, instead of parking forever
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

function attempt(float $t): string
{
    try {
        return var_export(time_sleep_until($t), true);
    } catch (ValueError $e) {
        return $e->getMessage();
    }
}

$values = [INF, -INF, 10e300, 18446744074.0, NAN];
$php = array_map('attempt', $values);           // no coroutine: PHP's own
$beside = go(fn () => Coroutine::sleep(30));     // from now on hooked
$hooked = array_map('attempt', $values);
var_dump($hooked === $php);
echo count(array_filter($php, fn ($r) => str_contains($r, "Argument #1"))), " of 5 rejected by PHP\n";
Coroutine::cancel($beside);
?>
--EXPECT--
bool(true)
5 of 5 rejected by PHP
