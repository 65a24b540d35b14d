--TEST--
Many pushers and poppers (push/pop and select send/receive, unbuffered and buffered, both queues) cancelled at random while they work: every value is either popped exactly once or reported undelivered by the pusher whose push threw Chan\CancelledException, never both, never lost, never twice; a cancelled popper takes nothing
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

const PUSHERS = 8;
const POPPERS = 6;
const VALUES = 150;

mt_srand(42);
foreach ([[0, false], [3, false], [3, true]] as [$cap, $lock]) {
    $ch = new Channel($cap, $lock);
    $popped = [];
    $undelivered = [];
    $cancels = ['pusher' => 0, 'popper' => 0];
    $pushing = new WaitGroup(PUSHERS);
    $popping = new WaitGroup(POPPERS);
    $ids = [];

    for ($p = 0; $p < PUSHERS; $p++) {
        $ids[] = go(function () use ($p, $ch, &$undelivered, &$cancels, $pushing) {
            for ($i = 0; $i < VALUES; $i++) {
                $v = "$p:$i";
                try {
                    if ($p % 2) {
                        select([[$ch, $v]]);
                    } else {
                        $ch->push($v);
                    }
                } catch (Chan\CancelledException $e) {
                    $undelivered[] = $v;
                    $cancels['pusher']++;
                }
            }
            $pushing->done();
        });
    }
    for ($q = 0; $q < POPPERS; $q++) {
        $ids[] = go(function () use ($q, $ch, &$popped, &$cancels, $popping) {
            for (;;) {
                try {
                    if ($q % 2) {
                        [, $v, $ok] = select([$ch]);
                        if (!$ok) {
                            break;
                        }
                    } else {
                        $v = $ch->pop();
                    }
                    $popped[] = $v;
                } catch (Chan\CancelledException $e) {
                    $cancels['popper']++;
                } catch (Chan\ClosedException $e) {
                    break;
                }
            }
            $popping->done();
        });
    }
    $stop = false;
    $canceller = go(function () use ($ids, &$stop) {
        while (!$stop) {
            Coroutine::cancel($ids[mt_rand(0, count($ids) - 1)]);
            for ($n = mt_rand(0, 3); $n > 0 && !$stop; $n--) {
                Coroutine::yield();
            }
        }
    });
    $pushing->wait();
    $stop = true;
    $ch->close();
    $popping->wait();

    $all = [];
    for ($p = 0; $p < PUSHERS; $p++) {
        for ($i = 0; $i < VALUES; $i++) {
            $all[] = "$p:$i";
        }
    }
    $seen = array_merge($popped, $undelivered);
    echo "-- capacity $cap", $lock ? " (mutex)" : "", "\n";
    echo "popped twice: ", count($popped) - count(array_unique($popped)), "\n";
    echo "both popped and undelivered: ", count(array_intersect($popped, $undelivered)), "\n";
    echo "lost: ", count(array_diff($all, $seen)), "\n";
    echo "unknown values: ", count(array_diff($seen, $all)), "\n";
    echo "accounted: ", count($seen) === count($all) ? "all, once each" : count($seen) . " of " . count($all), "\n";
    echo "cancellations reached pushers and poppers: ", json_encode($cancels['pusher'] > 0 && $cancels['popper'] > 0), "\n";
    echo "channel: ", json_encode(array_intersect_key($ch->stats(), ['length' => 0, 'pushers' => 0, 'poppers' => 0])), "\n";
    Coroutine::yield();
    echo "live: ", Coroutine::count(), "\n";
}
?>
--EXPECT--
-- capacity 0
popped twice: 0
both popped and undelivered: 0
lost: 0
unknown values: 0
accounted: all, once each
cancellations reached pushers and poppers: true
channel: {"length":0,"pushers":0,"poppers":0}
live: 0
-- capacity 3
popped twice: 0
both popped and undelivered: 0
lost: 0
unknown values: 0
accounted: all, once each
cancellations reached pushers and poppers: true
channel: {"length":0,"pushers":0,"poppers":0}
live: 0
-- capacity 3 (mutex)
popped twice: 0
both popped and undelivered: 0
lost: 0
unknown values: 0
accounted: all, once each
cancellations reached pushers and poppers: true
channel: {"length":0,"pushers":0,"poppers":0}
live: 0
