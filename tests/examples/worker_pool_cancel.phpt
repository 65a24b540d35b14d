--TEST--
The worker pool cancel example (examples/worker_pool_cancel.php): three Group members share nine jobs, each job is done once, and Group::cancel() stops the workers parked in their foreach, wait() returning how many jobs each did
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/worker_pool_cancel.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
job 1 -> 1
job 2 -> 4
job 3 -> 9
job 4 -> 16
job 5 -> 25
job 6 -> 36
job 7 -> 49
job 8 -> 64
job 9 -> 81
main: all results in, 3 workers still waiting for jobs
main: pool stopped: 3 workers returned, 9 jobs done in all
main: workers unfinished: 0, live coroutines: 0
-- after the example: 0 coroutines alive
