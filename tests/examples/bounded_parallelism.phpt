--TEST--
The bounded parallelism example (examples/go/bounded_parallelism.php): a Channel(3) semaphore keeps at most three tasks in flight, every task runs once and the results come out in input order
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/go/bounded_parallelism.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
channel: 7
select: 6
go: 2
waitgroup: 9
coroutine: 9
buffer: 6
close: 5
deadlock: 8
timeout: 7
yield: 5
10 tasks, at most 3 running at once (limit 3)
-- after the example: 0 coroutines alive
