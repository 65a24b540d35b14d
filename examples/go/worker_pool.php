<?php
/**
 * A worker pool stopped by a quit channel.
 *
 * Three workers loop on Chan\select() over two channels: $jobs brings work,
 * $quit tells them to stop. Closing $quit is the stop signal: a closed
 * channel is always ready, so it reaches every worker, however many listen
 * (a value pushed on $quit would reach only one of them). Each worker
 * reports its results on $results and says goodbye on $stopped before it
 * returns, so main knows it is really gone.
 *
 * In Go:
 *
 *     for {
 *         select {
 *         case j := <-jobs:
 *             results <- j * j
 *         case <-quit:
 *             return
 *         }
 *     }
 *
 * The quit channel is how a Go program stops goroutines without
 * context.Context, and it works the same in chan. chan can also cancel a
 * coroutine from outside (Coroutine::cancel(), Group::cancel()): see
 * examples/worker_pool_cancel.php.
 *
 * Run: php -d extension=chan.so examples/go/worker_pool.php
 * (the path of your chan.so: scripts/build.sh prints it)
 */

use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

function worker(int $id, Channel $jobs, Channel $results, Channel $quit, Channel $stopped): void
{
    $done = 0;
    for (;;) {
        [$key, $job] = select(['job' => $jobs, 'quit' => $quit]);
        if ($key === 'quit') {
            break;
        }
        Coroutine::sleep(0.001);        // the work takes a while
        $results->push([$job, $job * $job]);
        $done++;
    }
    $stopped->push([$id, $done]);
}

const WORKERS = 3;
const JOBS = 10;

$jobs = new Channel();          // unbuffered: a push returns once a worker has taken the job
$results = new Channel(JOBS);
$quit = new Channel();          // never carries a value: closing it is the signal
// Room for every goodbye: a worker's last push never waits, and a call that
// does not wait is not a switch point, so the worker has returned before
// main sees its goodbye.
$stopped = new Channel(WORKERS);

for ($id = 1; $id <= WORKERS; $id++) {
    go('worker', $id, $jobs, $results, $quit, $stopped);
}

for ($job = 1; $job <= JOBS; $job++) {
    $jobs->push($job);
}
// Every job has been taken; collect one result per job.
$squares = [];
for ($i = 0; $i < JOBS; $i++) {
    [$job, $square] = $results->pop();
    $squares[$job] = $square;
}
ksort($squares);
foreach ($squares as $job => $square) {
    echo "job $job -> $square\n";
}

echo "main: closing quit\n";
$quit->close();
$total = 0;
for ($i = 0; $i < WORKERS; $i++) {
    [$id, $done] = $stopped->pop();     // waits for each worker's goodbye
    $total += $done;
}
echo "main: ", WORKERS, " workers stopped after $total jobs in all\n";
echo "main: live coroutines: ", Coroutine::count(), "\n";
