--TEST--
SharedChannel: a push wakes only the processes that have a context waiting on the channel now. A process that popped once (its event loop registered the channel's descriptor then) and now waits on something else is not woken by the posts made for another process that waits for each value: its voluntary context switches over 200 handed-over values stay near zero (before: one wake-up per post); the values all arrive
--EXTENSIONS--
chan
pcntl
--SKIPIF--
<?php
if (PHP_OS_FAMILY !== 'Linux') die('skip counts context switches in /proc');
?>
--FILE--
<?php
function switches(): int {
    preg_match('/^voluntary_ctxt_switches:\s+(\d+)/m', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1];
}

$ch = new Chan\SharedChannel(4);
$ready = new Chan\SharedChannel(4);
[$quiet, $wake] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);

$a = pcntl_fork();
if ($a === 0) {
    fclose($wake);
    $ch->pop(30);                // parks: registers the channel's descriptor
    $before = switches();
    $ready->push('a waits');
    Chan\fread($quiet, 1, 30);   // waits in its event loop for something else
    $ready->push(switches() - $before);
    exit(0);
}
while ($ch->stats()['poppers'] < 1) { // A is parked
    usleep(1000);
}
$ch->push(0);                    // for A
echo $ready->pop(30), "\n";
$b = pcntl_fork();
if ($b === 0) {
    fclose($wake);
    $sum = 0;
    while (($v = $ch->pop(30)) !== 'end') {
        $sum += $v;
    }
    $ready->push("b: $sum");
    exit(0);
}
for ($i = 1; $i <= 200; $i++) {
    usleep(500);                 // B waits for each value: each push posts
    $ch->push($i);
}
$ch->push('end');
echo $ready->pop(30), "\n";
fwrite($wake, 'x');
$delta = $ready->pop(30);
echo 'A woke ', $delta < 20 ? 'fewer than 20 times' : "$delta times", "\n";
pcntl_waitpid($a, $s);
pcntl_waitpid($b, $s);
?>
--EXPECT--
a waits
b: 20100
A woke fewer than 20 times
