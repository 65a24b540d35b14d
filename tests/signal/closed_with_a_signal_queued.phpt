--TEST--
A signal channel closed while a signal it was sent waits undelivered (in the thread's pipe, not yet in the channel) drops it with nothing left over: a channel opened later for the same signal does not get the stale one, only the next signal; closing a channel that holds delivered signals keeps them for pop() (then nothing)
--EXTENSIONS--
chan
posix
--FILE--
<?php
$a = Chan\signal(Chan\SIGUSR1);
posix_kill(getmypid(), Chan\SIGUSR1);  // written to the pipe; the channel sees it at its next look
$a->close();
var_dump(count($a), $a->tryPop());

$b = Chan\signal(Chan\SIGUSR1);
var_dump(count($b));
posix_kill(getmypid(), Chan\SIGUSR1);
var_dump($b->pop());

posix_kill(getmypid(), Chan\SIGUSR1);
posix_kill(getmypid(), Chan\SIGUSR1);
var_dump(count($b));                    // looks: both delivered
$b->close();
var_dump($b->pop(), $b->pop(), $b->tryPop());
?>
--EXPECT--
int(0)
bool(false)
int(0)
int(10)
int(2)
int(10)
int(10)
bool(false)
