--TEST--
Among ready cases each is chosen uniformly at random: over 2,000 selects each of two always-ready cases fires 35%-65% of the time (two receives, a receive against a send, one channel twice); eight ready cases all get chosen
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

const N = 2000;

function check(string $what, array $hits): void {
    ksort($hits);
    foreach ($hits as $key => $n) {
        $f = $n / N;
        printf("%s, case %s: %s\n", $what, $key, $f >= 0.35 && $f <= 0.65 ? "fair" : "UNFAIR ($n of " . N . ")");
    }
}

// Two receive cases, both always ready.
$a = new Channel(1);
$b = new Channel(1);
$a->push('a');
$b->push('b');
$hits = [0 => 0, 1 => 0];
for ($i = 0; $i < N; $i++) {
    [$k, $v, $ok] = select([$a, $b]);
    $hits[$k]++;
    if ($v !== ($k === 0 ? 'a' : 'b') || !$ok) {
        echo "wrong value\n";
    }
    ($k === 0 ? $a : $b)->push($v);
}
check("receives", $hits);

// A receive case and a send case, both always ready.
$in = new Channel(1);
$out = new Channel(1);
$in->push('x');
$hits = ['in' => 0, 'out' => 0];
for ($i = 0; $i < N; $i++) {
    [$k] = select(['in' => $in, 'out' => [$out, 'y']]);
    $hits[$k]++;
    if ($k === 'in') {
        $in->push('x');
    } else {
        $out->pop();
    }
}
check("receive vs send", $hits);

// The same ready channel in two cases: both keys get chosen.
$c = new Channel(1);
$hits = ['first' => 0, 'second' => 0];
for ($i = 0; $i < N; $i++) {
    $c->push($i);
    [$k] = select(['first' => $c, 'second' => $c]);
    $hits[$k]++;
}
check("one channel twice", $hits);

// Eight ready cases over 4,000 selects: each expected 12.5%; 6%-20% is far
// outside chance, but catches a case that is never (or always) chosen.
$chs = [];
for ($j = 0; $j < 8; $j++) {
    $chs[] = $ch = new Channel(1);
    $ch->push($j);
}
$hits = array_fill(0, 8, 0);
for ($i = 0; $i < 4000; $i++) {
    [$k, $v] = select($chs);
    $hits[$k]++;
    $chs[$k]->push($v);
}
$f = array_map(fn ($n) => $n / 4000, $hits);
echo "eight cases: ", min($f) >= 0.06 && max($f) <= 0.20 ? "fair" : "UNFAIR " . json_encode($hits), "\n";
?>
--EXPECT--
receives, case 0: fair
receives, case 1: fair
receive vs send, case in: fair
receive vs send, case out: fair
one channel twice, case first: fair
one channel twice, case second: fair
eight cases: fair
