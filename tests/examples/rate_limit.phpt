--TEST--
The rate limiting example (examples/go/rate_limit.php): each request takes its own tick, the bursty limiter lets three requests through at once and then one per tick, and closing each ticker (Chan\tick()) stops it and ends the refill loop
--EXTENSIONS--
chan
--FILE--
<?php
require __DIR__ . '/../../examples/go/rate_limit.php';
echo "-- after the example: ", Chan\Coroutine::count(), " coroutines alive\n";
?>
--EXPECT--
steady:
  request 1 on tick 1
  request 2 on tick 2
  request 3 on tick 3
  request 4 on tick 4
  request 5 on tick 5
bursty:
  request 1 on burst
  request 2 on burst
  request 3 on burst
  request 4 on tick 1
  request 5 on tick 2
  request 6 on tick 3
all tickers stopped
-- after the example: 0 coroutines alive
