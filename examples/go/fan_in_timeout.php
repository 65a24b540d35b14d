<?php
/**
 * Fan-in with a timeout.
 *
 * Several producers each send on their own channel. One loop receives from
 * all of them at once with Chan\select(), whichever is ready first, and
 * gives up when nothing arrives within a timeout: here the "slow" producer
 * would take 5 seconds, so the loop times out after 1 second and tells it
 * to stop.
 *
 * In Go the loop would be a select with a case per channel and a
 * `case <-time.After(time.Second):`; here the timeout is select()'s second
 * argument, in float seconds, and expiry returns null. A closed and drained
 * channel makes its receive case fire with $ok = false; the loop then drops
 * that case, as Go code sets the channel variable to nil.
 *
 * Run: php -d extension=chan.so examples/go/fan_in_timeout.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use function Chan\go;
use function Chan\select;

/**
 * Starts a producer that sends "$name-1" ... "$name-$count" on a new
 * channel, waiting $delay seconds before each, then closes it. It stops
 * early when $done is closed.
 */
function producer(string $name, int $count, float $delay, Channel $done): Channel
{
    $out = new Channel();
    go(function () use ($name, $count, $delay, $done, $out) {
        for ($i = 1; $i <= $count; $i++) {
            // An interruptible sleep: select on $done with a timeout.
            // null means the delay passed; anything else means "stop".
            if ($delay > 0 && select([$done], $delay) !== null) {
                echo "$name: stopped\n";
                break;
            }
            // Sending also gives way to $done, so a producer never stays
            // stuck on a send that nobody will receive.
            [$key] = select(['out' => [$out, "$name-$i"], 'done' => $done]);
            if ($key === 'done') {
                echo "$name: stopped\n";
                break;
            }
        }
        $out->close();
    });
    return $out;
}

$done = new Channel();
$sources = [
    'fast' => producer('fast', 3, 0, $done),
    'steady' => producer('steady', 3, 0.001, $done),
    'slow' => producer('slow', 3, 5.0, $done),
];

$received = [];
$finished = [];
$cases = $sources;
while ($cases) {
    // Wait at most 1 s for the next message from any source.
    $r = select($cases, 1.0);
    if ($r === null) {
        echo "timed out waiting for: ", implode(', ', array_keys($cases)), "\n";
        break;
    }
    [$name, $message, $ok] = $r;
    if (!$ok) {
        // Closed and drained: stop selecting on it (Go's nil channel).
        $finished[] = $name;
        unset($cases[$name]);
        continue;
    }
    $received[] = $message;
}

// Messages from different sources interleave in no fixed order; sort them
// for a stable printout.
sort($received);
sort($finished);
echo "received: ", implode(' ', $received), "\n";
echo "finished: ", implode(', ', $finished), "\n";

// Tell the producers still running to stop, and wait for them: the slow one
// closes its channel once it has stopped.
$done->close();
foreach ($cases as $name => $ch) {
    foreach ($ch as $late) {
        echo "late message: $late\n";
    }
}
echo "all producers stopped\n";
