--TEST--
Chan\after() and Chan\tick() refuse a bad $seconds with ValueError naming it (negative, NAN; tick() also 0) and a non-number with TypeError; after(INF) is a channel that never receives
--EXTENSIONS--
chan
--FILE--
<?php
foreach ([['Chan\after', -1], ['Chan\after', NAN], ['Chan\after', -INF], ['Chan\tick', 0], ['Chan\tick', -0.5], ['Chan\tick', NAN], ['Chan\after', 'soon'], ['Chan\tick', []]] as [$fn, $arg]) {
    try {
        $fn($arg);
        echo "$fn: no error\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
$never = Chan\after(INF);
Chan\run(fn () => Chan\Coroutine::sleep(0.02));
var_dump(count($never), $never->tryPop($v));
$tiny = Chan\tick(1e-12);   // a period below 1 ns is 1 ns
var_dump(is_float($tiny->pop()), is_float($tiny->pop()));
?>
--EXPECT--
ValueError: Chan\after(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\after(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\after(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: Chan\tick(): Argument #1 ($seconds) must be greater than 0
ValueError: Chan\tick(): Argument #1 ($seconds) must be greater than 0
ValueError: Chan\tick(): Argument #1 ($seconds) must be greater than 0
TypeError: Chan\after(): Argument #1 ($seconds) must be of type float, string given
TypeError: Chan\tick(): Argument #1 ($seconds) must be of type float, array given
int(0)
bool(false)
bool(true)
bool(true)
