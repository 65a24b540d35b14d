--TEST--
A negative or NAN timeout throws ValueError naming $timeout before any case is touched; INF means wait forever, like null
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;
use function Chan\select;

$ch = new Channel(1);
$ch->push('kept');
foreach ([-1, -0.001, -INF, NAN] as $t) {
    try {
        select([$ch], $t);
        echo "no error\n";
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// The ready case was not consumed by the failed calls.
var_dump(count($ch));
var_dump($ch->pop());

// INF waits forever, like null.
go(fn () => $ch->push('after a while'));
var_dump(select([$ch], INF)[1]);
go(fn () => $ch->push('again'));
var_dump(select([$ch], null)[1]);
?>
--EXPECT--
ValueError: Chan\select(): Argument #2 ($timeout) must be null or greater than or equal to 0
ValueError: Chan\select(): Argument #2 ($timeout) must be null or greater than or equal to 0
ValueError: Chan\select(): Argument #2 ($timeout) must be null or greater than or equal to 0
ValueError: Chan\select(): Argument #2 ($timeout) must be null or greater than or equal to 0
int(1)
string(4) "kept"
string(13) "after a while"
string(5) "again"
