--TEST--
The request deadline example (examples/request_deadline.php): a handler whose three backend calls fit in its withTimeout() budget answers 200, one whose order backend hangs answers 504 at its deadline without waiting for the backend, and the backends finish their work afterwards (the hung query answered only at shutdown, after the 504)
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/request_deadline.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
GET /dashboard?user=alice -> 200 OK: users(alice), orders(alice), recommendations(alice)
  answered within its budget: yes
GET /dashboard?user=bob -> 504 Gateway Timeout: the deadline passed while waiting for orders
  answered within its budget: yes
  (orders answers bob only now, at shutdown: nobody waits for it)
backends stopped, live coroutines: 0
-- after the example: 0 coroutines alive
