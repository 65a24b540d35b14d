--TEST--
The pipeline example (examples/go/pipeline.php): a chain of stages delivers every value in order, fan-out and fan-in deliver each value once, and closing the done channel after the first value stops every stage
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/go/pipeline.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
1. gen -> sq -> sq:
   1
   16
   81
   256
2. fan-out to two sq stages, fan-in with merge:
   1 4 9 16 25 36
3. stop after the first value:
   first value: 1
   coroutines still alive: 0
-- after the example: 0 coroutines alive
