--TEST--
The choice among ready cases uses PHP's Mt19937: after the same mt_srand() seed, the same sequence of choices comes out
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

function choices(int $seed): string {
    mt_srand($seed);
    $chs = [new Channel(1), new Channel(1), new Channel(1)];
    foreach ($chs as $i => $ch) {
        $ch->push($i);
    }
    $seq = '';
    for ($i = 0; $i < 60; $i++) {
        [$k, $v] = select($chs);
        $seq .= $k;
        $chs[$k]->push($v);
    }
    return $seq;
}

$first = choices(42);
$again = choices(42);
var_dump($first === $again);
// Not a constant answer: every case shows up in 60 random choices.
var_dump(count(count_chars($first, 1)) === 3);
// Reseeding in between changes nothing about the replay.
$x = choices(7);
choices(8);
var_dump($x === choices(7));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
