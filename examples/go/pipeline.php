<?php
/**
 * Pipelines: stages connected by channels, each stage a coroutine.
 *
 * A port of the pipeline pattern Go programmers know: gen() emits numbers,
 * sq() squares whatever arrives on its input, and each stage closes its
 * output channel when its input is used up, so `foreach` over the last
 * channel ends by itself. Three things are shown:
 *
 *   1. a straight pipeline, gen -> sq -> sq, read in order;
 *   2. fan-out and fan-in: two sq() stages read the same input channel and
 *      merge() combines their outputs into one channel;
 *   3. stopping early: the consumer takes one value from gen -> sq -> sq
 *      over 1..1000, then closes $done.
 *      Every stage waits on its send and on $done at once with
 *      Chan\select(), so closing $done (a closed channel is always ready)
 *      makes every stage return instead of waiting forever on a send
 *      nobody will receive. Chan\run() returns only once every coroutine
 *      has finished, which proves that none was left behind.
 *
 * Go's `case out <- v:` is the select case [$out, $v]; `case <-done:` is
 * the case $done.
 *
 * Run: php -d extension=chan.so examples/go/pipeline.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\run;
use function Chan\select;

/**
 * Sends $value on $out unless $done is closed first; false means "stop".
 */
function send(Channel $out, mixed $value, Channel $done): bool
{
    [$key] = select(['out' => [$out, $value], 'done' => $done]);
    return $key === 'out';
}

/** Emits $numbers on a new channel, then closes it. */
function gen(Channel $done, int ...$numbers): Channel
{
    $out = new Channel();
    go(function () use ($done, $numbers, $out) {
        foreach ($numbers as $n) {
            if (!send($out, $n, $done)) {
                break;
            }
        }
        $out->close();
    });
    return $out;
}

/** Squares each value from $in until $in is closed and drained. */
function sq(Channel $done, Channel $in): Channel
{
    $out = new Channel();
    go(function () use ($done, $in, $out) {
        foreach ($in as $n) {
            if (!send($out, $n * $n, $done)) {
                break;
            }
        }
        $out->close();
    });
    return $out;
}

/** Fan-in: copies every input to one output, closed after the last input. */
function merge(Channel $done, Channel ...$inputs): Channel
{
    $out = new Channel();
    $wg = new WaitGroup(count($inputs));
    foreach ($inputs as $in) {
        go(function () use ($done, $in, $out, $wg) {
            foreach ($in as $v) {
                if (!send($out, $v, $done)) {
                    break;
                }
            }
            $wg->done();
        });
    }
    go(function () use ($wg, $out) {
        $wg->wait();
        $out->close();
    });
    return $out;
}

echo "1. gen -> sq -> sq:\n";
$done = new Channel();      // never closed in parts 1 and 2
foreach (sq($done, sq($done, gen($done, 1, 2, 3, 4))) as $v) {
    echo "   $v\n";
}

echo "2. fan-out to two sq stages, fan-in with merge:\n";
$in = gen($done, 1, 2, 3, 4, 5, 6);
$squares = [];
foreach (merge($done, sq($done, $in), sq($done, $in)) as $v) {
    $squares[] = $v;
}
// The two stages' values interleave in no promised order: sort them.
sort($squares);
echo "   ", implode(' ', $squares), "\n";

echo "3. stop after the first value:\n";
$first = run(function () {
    $done = new Channel();
    $out = sq($done, sq($done, gen($done, ...range(1, 1000))));
    $v = $out->pop();
    $done->close();     // every stage still sending sees it and returns
    return $v;
});
echo "   first value: $first\n";
echo "   coroutines still alive: ", Coroutine::count(), "\n";
