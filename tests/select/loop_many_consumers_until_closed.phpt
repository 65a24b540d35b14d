--TEST--
Many coroutines in select loops over 12 channels (unbuffered and buffered), fed by plain push and by select sends, drop each case once its channel is closed and drained: every value arrives exactly once and nothing stays registered
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

const CHANNELS = 12;
const PRODUCERS = 10;
const PER_PRODUCER = 300;
const CONSUMERS = 7;

$chs = [];
for ($i = 0; $i < CHANNELS; $i++) {
    $chs["ch$i"] = new Channel([0, 1, 4][$i % 3], $i % 2 === 1);
}

$producers = new WaitGroup();
for ($p = 0; $p < PRODUCERS; $p++) {
    $producers->add();
    go(function () use ($chs, $p, $producers) {
        $names = array_keys($chs);
        for ($i = 0; $i < PER_PRODUCER; $i++) {
            $v = "$p:$i";
            if ($p % 2 === 0) {
                // Plain push to one channel.
                $chs[$names[($p + $i) % CHANNELS]]->push($v);
            } else {
                // Select send to any of three channels.
                $cases = [];
                foreach ([0, 4, 8] as $off) {
                    $cases[] = [$chs[$names[($p + $i + $off) % CHANNELS]], $v];
                }
                select($cases);
            }
        }
        $producers->done();
    });
}
go(function () use ($chs, $producers) {
    $producers->wait();
    foreach ($chs as $ch) {
        $ch->close();
    }
});

$got = [];
$consumers = new WaitGroup(CONSUMERS);
for ($c = 0; $c < CONSUMERS; $c++) {
    go(function () use ($chs, $c, $consumers, &$got) {
        $cases = $chs;
        while ($cases) {
            // Some consumers wait with a timeout and go round again.
            $r = select($cases, $c % 3 === 0 ? 0.5 : null);
            if ($r === null) {
                continue;
            }
            [$key, $v, $ok] = $r;
            if ($ok) {
                $got[] = $v;
            } else {
                unset($cases[$key]);   // closed and drained: Go's nil channel
            }
        }
        $consumers->done();
    });
}
$consumers->wait();

echo "received: ", count($got), " of ", PRODUCERS * PER_PRODUCER, "\n";
echo "distinct: ", count(array_unique($got)), "\n";
$want = [];
for ($p = 0; $p < PRODUCERS; $p++) {
    for ($i = 0; $i < PER_PRODUCER; $i++) {
        $want[] = "$p:$i";
    }
}
sort($got);
sort($want);
var_dump($got === $want);
$left = 0;
foreach ($chs as $ch) {
    $s = $ch->stats();
    $left += $s['pushers'] + $s['poppers'] + $s['length'];
}
echo "left registered or buffered: $left\n";
echo "coroutines: ", Chan\Coroutine::count(), "\n";
?>
--EXPECT--
received: 3000 of 3000
distinct: 3000
bool(true)
left registered or buffered: 0
coroutines: 0
