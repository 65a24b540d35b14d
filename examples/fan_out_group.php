<?php
/**
 * Fan-out with Chan\Group: many tasks, at most LIMIT at once, results in
 * input order; the first failure cancels the rest.
 *
 * new Group(LIMIT) is Go's errgroup.Group with SetLimit(LIMIT): go() starts
 * a member, and when LIMIT members are unfinished it first waits until one
 * finishes, so no more than LIMIT task coroutines exist at a time. wait()
 * returns the members' return values keyed by go() order, so the results
 * come out in input order whatever order the tasks finish in: no shared
 * results array, no WaitGroup, no semaphore channel (compare
 * examples/go/bounded_parallelism.php).
 *
 * When a member throws, the group cancels the other members (each gets a
 * Chan\CancelledException at its blocking call), starts no new one, and
 * wait() rethrows that first exception once all have finished.
 *
 * fetch() stands in for a network call: Chan\Coroutine::sleep() parks only
 * the calling coroutine. Its delays (50 to 200 ms) are long next to
 * starting a task, so the tasks in flight when one fails are still waiting
 * for their answers then, however busy the machine.
 *
 * Run: php -d extension=chan.so examples/fan_out_group.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\CancelledException;
use Chan\Coroutine;
use Chan\Group;

const LIMIT = 3;

/** A slow lookup: the length of $word, after a delay that varies by word. */
function fetch(string $word): int
{
    if ($word === '') {
        throw new InvalidArgumentException('cannot fetch an empty word');
    }
    Coroutine::sleep(0.05 * (strlen($word) % 4 + 1));
    return strlen($word);
}

/**
 * Fetches every word, LIMIT at a time; returns "word: length" lines in
 * input order, and how many ran at once at most.
 * @param list<string> $words
 * @return array{0: list<string>, 1: int, 2: int}
 */
function fetch_all(array $words): array
{
    $group = new Group(LIMIT);
    $running = 0;
    $mostAtOnce = 0;
    $cancelled = 0;
    foreach ($words as $word) {
        $group->go(function () use ($word, &$running, &$mostAtOnce, &$cancelled) {
            $running++;
            $mostAtOnce = max($mostAtOnce, $running);
            try {
                return "$word: " . fetch($word);
            } catch (CancelledException $e) {
                $cancelled++;
                throw $e;               // its own cancellation: ends it quietly
            } finally {
                $running--;
            }
        });
    }
    try {
        return [$group->wait(), $mostAtOnce, $cancelled];
    } catch (Throwable $e) {
        echo "fan-out failed: ", get_class($e), ": ", $e->getMessage(), "\n";
        echo "  tasks cancelled by the failure: ", $cancelled > 0 ? "some" : "none", "\n";
        return [[], $mostAtOnce, $cancelled];
    }
}

$words = ['channel', 'select', 'go', 'waitgroup', 'coroutine', 'buffer', 'close', 'deadlock', 'timeout', 'yield'];
[$lines, $mostAtOnce] = fetch_all($words);
foreach ($lines as $i => $line) {
    echo "$i. $line\n";
}
echo count($words), " tasks, at most $mostAtOnce running at once (limit ", LIMIT, ")\n";

// One bad input: the first failure cancels the tasks still running, and
// the ones after it never start.
$bad = ['channel', 'select', '', 'waitgroup', 'coroutine', 'buffer', 'close', 'deadlock', 'timeout', 'yield'];
fetch_all($bad);
echo "live coroutines: ", Coroutine::count(), "\n";
