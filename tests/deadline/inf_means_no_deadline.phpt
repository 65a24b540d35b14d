--TEST--
withTimeout(INF, $fn) sets no deadline: blocking calls inside wait as long as they need, and a huge finite number of seconds does not overflow into a deadline in the past
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

foreach (['INF' => INF, '1e300' => 1e300, 'PHP_INT_MAX' => PHP_INT_MAX, '1e10' => 1e10] as $label => $seconds) {
    $ch = new Channel(0);
    go(function () use ($ch) {
        Coroutine::sleep(0.05);
        $ch->push('late value');
    });
    try {
        $v = withTimeout($seconds, fn () => $ch->pop());
        echo "$label: ", $v, "\n";
    } catch (Chan\TimeoutException $e) {
        echo "$label: ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
INF: late value
1e300: late value
PHP_INT_MAX: late value
1e10: late value
