--TEST--
The worker pool example (examples/go/worker_pool.php): three workers share ten jobs, each job is done once, and closing the quit channel stops every worker
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/go/worker_pool.php';
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
job 10 -> 100
main: closing quit
main: 3 workers stopped after 10 jobs in all
main: live coroutines: 0
-- after the example: 0 coroutines alive
