<?php
/**
 * Bounded parallelism: many tasks, at most N of them in flight at once.
 *
 * Go's idiom is a buffered channel used as a semaphore:
 *
 *     sem := make(chan struct{}, 3)
 *     for _, t := range tasks {
 *         sem <- struct{}{}             // acquire: blocks while 3 are running
 *         go func(t Task) { defer func() { <-sem }(); work(t) }(t)
 *     }
 *
 * The same here: push() on a full Channel(3) waits until a running task
 * pops its slot back. Because the loop acquires before go(), no more than
 * three task coroutines even exist at a time. A WaitGroup waits for the last
 * ones, and each task writes its result to its own index, so the results
 * come out in input order whatever order the tasks finish in.
 *
 * fetch() stands in for a network call: Chan\Coroutine::sleep() parks only
 * the calling coroutine, as Chan\fread() on a socket would (PHP's sleep()
 * would stop the whole process).
 *
 * Run: php -d extension=chan.so examples/go/bounded_parallelism.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\go;

const LIMIT = 3;

/** A slow lookup: the length of $word, after a delay that varies by word. */
function fetch(string $word): int
{
    Coroutine::sleep(0.001 * (strlen($word) % 4 + 1));
    return strlen($word);
}

$words = ['channel', 'select', 'go', 'waitgroup', 'coroutine', 'buffer', 'close', 'deadlock', 'timeout', 'yield'];

$sem = new Channel(LIMIT);
$wg = new WaitGroup();
$results = [];
$running = 0;
$mostAtOnce = 0;

foreach ($words as $i => $word) {
    $sem->push(true);                   // acquire a slot; waits while LIMIT tasks run
    $wg->add();
    go(function () use ($i, $word, $sem, $wg, &$results, &$running, &$mostAtOnce) {
        $running++;
        $mostAtOnce = max($mostAtOnce, $running);
        try {
            $results[$i] = "$word: " . fetch($word);
        } finally {
            $running--;
            $sem->pop();                // release the slot, even if fetch() threw
            $wg->done();
        }
    });
}
$wg->wait();

ksort($results);
echo implode("\n", $results), "\n";
echo count($results), " tasks, at most $mostAtOnce running at once (limit ", LIMIT, ")\n";
