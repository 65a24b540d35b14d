<?php
/**
 * Rate limiting with a ticker.
 *
 * Chan\tick($interval) is Go's time.Ticker: a channel with room for one
 * tick that receives the time every $interval seconds; a slow reader misses
 * ticks instead of piling them up, and close() stops it.
 *
 * Two limiters, as in the usual Go example:
 *
 *   1. steady: every request first takes a tick, so requests go out at
 *      most once per interval;
 *   2. bursty: a Channel(3) of tokens starts full, so the first three
 *      requests go at once; a coroutine refills it from a ticker, one token
 *      per tick, and push() on the full channel waits, so the limiter never
 *      holds more than three. Closing the ticker ends the refill loop (its
 *      foreach stops at the closed, drained channel).
 *
 * Intervals are float seconds (0.02 is 20 ms), where Go takes a Duration.
 * Chan\run() returns once every coroutine has finished.
 *
 * Run: php -d extension=chan.so examples/go/rate_limit.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use function Chan\go;
use function Chan\run;
use function Chan\tick;

const INTERVAL = 0.02;

run(function () {
    echo "steady:\n";
    $ticks = tick(INTERVAL);
    for ($request = 1; $request <= 5; $request++) {
        $ticks->pop();
        echo "  request $request on tick $request\n";
    }
    $ticks->close();

    echo "bursty:\n";
    $limiter = new Channel(3);
    for ($i = 0; $i < 3; $i++) {
        $limiter->push('burst');
    }
    $ticks = tick(INTERVAL);
    go(function () use ($ticks, $limiter) {
        $n = 0;
        foreach ($ticks as $time) {         // ends once the ticker is closed
            $limiter->push('tick ' . ++$n); // waits while the limiter is full
        }
    });
    for ($request = 1; $request <= 6; $request++) {
        $token = $limiter->pop();
        echo "  request $request on $token\n";
    }
    $ticks->close();
});
echo "all tickers stopped\n";
