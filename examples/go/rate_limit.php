<?php
/**
 * Rate limiting with a ticker.
 *
 * chan has no time.Ticker; ticker() below makes one from a coroutine: every
 * $interval seconds it offers the tick number on a channel with room for
 * one tick. It offers with tryPush(), which never waits, so a slow reader
 * misses ticks instead of piling them up, as with Go's ticker. It waits
 * with select() on $stop and a timeout, so closing $stop ends it at once,
 * not one interval later. Then it closes its channel.
 *
 * Two limiters, as in the usual Go example:
 *
 *   1. steady: every request first takes a tick, so requests go out at
 *      most once per interval;
 *   2. bursty: a Channel(3) of tokens starts full, so the first three
 *      requests go at once; a coroutine refills it from a ticker, one token
 *      per tick, and push() on the full channel waits, so the limiter never
 *      holds more than three.
 *
 * Intervals are float seconds (0.02 is 20 ms), where Go takes a Duration.
 * Chan\run() returns once every coroutine has finished, tickers included.
 *
 * Run: php -d extension=chan.so examples/go/rate_limit.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use function Chan\go;
use function Chan\run;
use function Chan\select;

const INTERVAL = 0.02;

/** Ticks 1, 2, 3, ... every $interval seconds until $stop is closed. */
function ticker(float $interval, Channel $stop): Channel
{
    $ticks = new Channel(1);
    go(function () use ($interval, $stop, $ticks) {
        for ($n = 1; select([$stop], $interval) === null; $n++) {
            $ticks->tryPush($n);        // false: the reader is behind, drop this tick
        }
        $ticks->close();
    });
    return $ticks;
}

run(function () {
    echo "steady:\n";
    $stop = new Channel();
    $ticks = ticker(INTERVAL, $stop);
    for ($request = 1; $request <= 5; $request++) {
        $tick = $ticks->pop();
        echo "  request $request on tick $tick\n";
    }
    $stop->close();

    echo "bursty:\n";
    $stop = new Channel();
    $limiter = new Channel(3);
    for ($i = 0; $i < 3; $i++) {
        $limiter->push('burst');
    }
    $ticks = ticker(INTERVAL, $stop);
    go(function () use ($ticks, $limiter) {
        foreach ($ticks as $tick) {         // ends when the ticker stops
            $limiter->push("tick $tick");   // waits while the limiter is full
        }
    });
    for ($request = 1; $request <= 6; $request++) {
        $token = $limiter->pop();
        echo "  request $request on $token\n";
    }
    $stop->close();
});
echo "all tickers stopped\n";
