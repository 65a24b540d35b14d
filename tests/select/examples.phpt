--TEST--
The select examples (examples/fan_in_timeout.php, examples/quit_channel.php) run and print what they promise
--EXTENSIONS--
chan
--FILE--
<?php
echo "== fan_in_timeout\n";
include __DIR__ . '/../../examples/fan_in_timeout.php';
echo "== quit_channel\n";
include __DIR__ . '/../../examples/quit_channel.php';
?>
--EXPECT--
== fan_in_timeout
timed out waiting for: slow
received: fast-1 fast-2 fast-3 steady-1 steady-2 steady-3
finished: fast, steady
slow: stopped
all producers stopped
== quit_channel
worker: job 1 -> 1
worker: job 2 -> 4
worker: job 3 -> 9
worker: job 4 -> 16
main: closing quit
worker: quitting after 4 jobs
main: worker stopped
main: live coroutines: 0
