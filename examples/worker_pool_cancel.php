<?php
/**
 * A worker pool shut down with Chan\Group::cancel().
 *
 * Three workers are members of one Group and loop over a shared $jobs
 * channel. There is no quit channel and the jobs channel is never closed:
 * when main has every result it calls $pool->cancel(), and each worker,
 * parked in its foreach waiting for the next job, gets a
 * Chan\CancelledException from that wait. A worker may catch it to say
 * goodbye and return what it wants to report; had it let the exception
 * escape, it would have ended quietly, without a result and without
 * counting as a failure of the group.
 *
 * $pool->wait() then returns once every worker has finished, with their
 * return values keyed by go() order: here, how many jobs each one did.
 *
 * In Go this is a context.Context cancelled by its cancel function, each
 * worker selecting on ctx.Done() beside its jobs channel; here the
 * cancellation arrives at whatever blocking call the worker is in.
 *
 * Run: php -d extension=chan.so examples/worker_pool_cancel.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\CancelledException;
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;

const WORKERS = 3;
const JOBS = 9;

/** A worker: squares jobs until it is cancelled; returns how many it did. */
function worker(int $id, Channel $jobs, Channel $results): int
{
    $done = 0;
    try {
        foreach ($jobs as $job) {        // parks here between jobs
            Coroutine::sleep(0.001);    // the work takes a while
            $results->push([$job, $job * $job]);
            $done++;
        }
    } catch (CancelledException $e) {
        // Delivered at the blocking call the worker was parked in.
    }
    return $done;
}

$jobs = new Channel();          // unbuffered: a push returns once a worker has the job
$results = new Channel(JOBS);
$pool = new Group();
for ($id = 1; $id <= WORKERS; $id++) {
    $pool->go('worker', $id, $jobs, $results);
}

for ($job = 1; $job <= JOBS; $job++) {
    $jobs->push($job);
}
$squares = [];
for ($i = 0; $i < JOBS; $i++) {
    [$job, $square] = $results->pop();
    $squares[$job] = $square;
}
ksort($squares);
foreach ($squares as $job => $square) {
    echo "job $job -> $square\n";
}

echo "main: all results in, ", $pool->count(), " workers still waiting for jobs\n";
$pool->cancel();
$done = $pool->wait();          // every worker has returned
echo "main: pool stopped: ", count($done), " workers returned, ", array_sum($done), " jobs done in all\n";
echo "main: workers unfinished: ", $pool->count(), ", live coroutines: ", Coroutine::count(), "\n";
