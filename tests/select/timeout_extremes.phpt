--TEST--
Extreme timeouts: a tiny positive one (PHP_FLOAT_MIN, 1e-9) expires and returns null; huge ones (1e300, PHP_INT_MAX) wait like null until a case fires
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$ch = new Channel(0);
foreach ([PHP_FLOAT_MIN, 1e-300, 1e-9] as $t) {
    var_dump(select([$ch], $t));
}
foreach ([1e300, PHP_INT_MAX, PHP_FLOAT_MAX] as $t) {
    go(function () use ($ch) {
        Coroutine::sleep(0.01);
        $ch->push('arrived');
    });
    var_dump(select([$ch], $t)[1]);
}
var_dump($ch->stats()['poppers']);
?>
--EXPECT--
NULL
NULL
NULL
string(7) "arrived"
string(7) "arrived"
string(7) "arrived"
int(0)
