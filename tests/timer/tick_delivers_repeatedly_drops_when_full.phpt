--TEST--
Chan\tick(): a channel of capacity 1 that receives microtime(true) every period: successive values rise; a reader that stays away for many periods finds one value waiting (the others were dropped, Go's Ticker), never a burst, and the ticks go on after it; foreach over it ends once close() stops it (nothing was buffered: the close comes right after a pop)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\tick;

$t = tick(0.01);
$a = $t->pop();
$b = $t->pop();
$c = $t->pop();
var_dump($a < $b && $b < $c);

Chan\run(function () use ($t) {
    Chan\Coroutine::sleep(0.2);   // about 20 periods nobody reads
    echo "waiting while away: ", count($t), "\n";
    $stale = $t->pop();
    $next = $t->pop();
    var_dump($next > $stale);
});

$n = 0;
foreach ($t as $v) {
    if (++$n === 3) {
        $t->close();
    }
}
echo "foreach ended after $n values\n";
?>
--EXPECT--
bool(true)
waiting while away: 1
bool(true)
foreach ended after 3 values
