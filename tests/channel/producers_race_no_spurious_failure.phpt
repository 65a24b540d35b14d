--TEST--
16 producers racing for slots freed on a capacity-1024 channel: no push fails spuriously, every value arrives exactly once and in per-producer order
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;
use function Chan\go;

const PRODUCERS = 16;
const PER_PRODUCER = 2000;   // 32000 values through 1024 slots

foreach ([false, true] as $lock) {
    $ch = new Channel(1024, $lock);
    $spurious = 0;
    $done = 0;
    for ($p = 0; $p < PRODUCERS; $p++) {
        go(function () use ($ch, $p, &$spurious, &$done) {
            for ($i = 0; $i < PER_PRODUCER; $i++) {
                $v = [$p, $i];
                switch ($p % 4) {
                    case 0:
                        $ch->push($v);
                        break;
                    case 1:
                        $ch->push($v, 30.0);
                        break;
                    case 2:
                        // tryPush may only fail when there really is no slot.
                        while (!$ch->tryPush($v)) {
                            if (!$ch->isFull()) {
                                $spurious++;
                            }
                            Coroutine::yield();
                        }
                        break;
                    case 3:
                        while (true) {
                            try {
                                $ch->push($v, 0);
                                break;
                            } catch (TimeoutException) {
                                if (!$ch->isFull()) {
                                    $spurious++;
                                }
                                Coroutine::yield();
                            }
                        }
                        break;
                }
                if ($i % 97 === 0) {
                    Coroutine::yield();
                }
            }
            if (++$done === PRODUCERS) {
                $ch->close();
            }
        });
    }

    $next = array_fill(0, PRODUCERS, 0);
    $received = 0;
    $outOfOrder = 0;
    foreach ($ch as [$p, $i]) {
        if ($next[$p] !== $i) {
            $outOfOrder++;
        }
        $next[$p] = $i + 1;
        // Drain in bursts so that many slots free up while producers are parked.
        if (++$received % 700 === 0) {
            Coroutine::yield();
        }
    }
    echo "lock ", var_export($lock, true), ": received $received, out of order $outOfOrder, spurious $spurious\n";
    var_dump($next === array_fill(0, PRODUCERS, PER_PRODUCER));
    var_dump(count($ch), $ch->stats()['pushers'], Coroutine::count());
}
?>
--EXPECT--
lock false: received 32000, out of order 0, spurious 0
bool(true)
int(0)
int(0)
int(0)
lock true: received 32000, out of order 0, spurious 0
bool(true)
int(0)
int(0)
int(0)
