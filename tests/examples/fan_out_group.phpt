--TEST--
The fan-out example (examples/fan_out_group.php): a Group with a limit of three runs ten tasks, never more than three at once, and wait() gives the results in input order; with one bad input the first failure cancels the running tasks and is rethrown by wait()
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/fan_out_group.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
0. channel: 7
1. select: 6
2. go: 2
3. waitgroup: 9
4. coroutine: 9
5. buffer: 6
6. close: 5
7. deadlock: 8
8. timeout: 7
9. yield: 5
10 tasks, at most 3 running at once (limit 3)
fan-out failed: InvalidArgumentException: cannot fetch an empty word
  tasks cancelled by the failure: some
live coroutines: 0
-- after the example: 0 coroutines alive
