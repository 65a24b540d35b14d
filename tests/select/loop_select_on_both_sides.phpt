--TEST--
Selecting senders and selecting receivers on shared unbuffered channels, with a quit channel, timeouts and main taking part: no lost wake-up, no value delivered twice, per-sender order kept on each channel, nothing left registered
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

const SENDERS = 6;
const RECEIVERS = 6;
const PER_SENDER = 400;

mt_srand(3);
$data = [new Channel(0), new Channel(0), new Channel(0)];
$quit = new Channel(0);

$senders = new WaitGroup(SENDERS);
for ($s = 0; $s < SENDERS; $s++) {
    go(function () use ($data, $s, $senders) {
        for ($i = 0; $i < PER_SENDER; $i++) {
            $cases = [];
            foreach ($data as $ch) {
                $cases[] = [$ch, [$s, $i]];
            }
            // Alternate between a polling select and a blocking one.
            if ($i % 3 === 0) {
                while (select($cases, 0) === null) {
                    Coroutine::yield();
                }
            } else {
                select($cases, $i % 3 === 1 ? null : 5.0);
            }
        }
        $senders->done();
    });
}

$seen = [];
$dup = 0;
$order = 0;
$receivers = new WaitGroup(RECEIVERS);
$receive = function (int $r) use ($data, $quit, $receivers, &$seen, &$dup, &$order) {
    $last = [];
    $cases = $data;
    $cases['quit'] = $quit;
    for (;;) {
        [$key, $v, $ok] = select($cases, $r % 2 ? 2.0 : null) ?? [null, null, null];
        if ($key === null) {
            continue;
        }
        if ($key === 'quit') {
            break;
        }
        [$s, $i] = $v;
        if (isset($seen["$s:$i"])) {
            $dup++;
        }
        $seen["$s:$i"] = true;
        // One sender's values reach one receiver in the order sent.
        if (isset($last[$s]) && $last[$s] >= $i) {
            $order++;
        }
        $last[$s] = $i;
    }
    $receivers->done();
};
for ($r = 0; $r < RECEIVERS; $r++) {
    go($receive, $r);
}

// Main receives too, until the senders are done.
$mainGot = 0;
go(function () use ($senders, $quit) {
    $senders->wait();
    $quit->close();
});
for (;;) {
    [$key, $v] = select(['a' => $data[0], 'quit' => $quit]);
    if ($key === 'quit') {
        break;
    }
    if (isset($seen["$v[0]:$v[1]"])) {
        $dup++;
    }
    $seen["$v[0]:$v[1]"] = true;
    $mainGot++;
}
$receivers->wait();

echo "received: ", count($seen), " of ", SENDERS * PER_SENDER, "\n";
echo "duplicates: $dup, out of order: $order\n";
echo "main took part: ", $mainGot > 0 ? "yes" : "no", "\n";
foreach ([...$data, $quit] as $ch) {
    $st = $ch->stats();
    echo "pushers={$st['pushers']} poppers={$st['poppers']}\n";
}
echo "coroutines: ", Coroutine::count(), "\n";
?>
--EXPECT--
received: 2400 of 2400
duplicates: 0, out of order: 0
main took part: yes
pushers=0 poppers=0
pushers=0 poppers=0
pushers=0 poppers=0
pushers=0 poppers=0
coroutines: 0
