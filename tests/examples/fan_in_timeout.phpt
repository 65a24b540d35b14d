--TEST--
The fan-in example (examples/go/fan_in_timeout.php): select() receives from every producer, times out on the slow one, drops closed channels, and closing the done channel stops the producer still running
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/go/fan_in_timeout.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
timed out waiting for: slow
received: fast-1 fast-2 fast-3 steady-1 steady-2 steady-3
finished: fast, steady
slow: stopped
all producers stopped
-- after the example: 0 coroutines alive
