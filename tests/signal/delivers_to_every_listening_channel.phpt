--TEST--
Chan\signal() receives each listed signal the process is sent: while code runs (delivered at the next receive) and while every context waits (a coroutine parked in exec() sends it, main waits in pop()); every channel listening for a signal gets it; a signal that finds the 16-slot buffer full is dropped; a signal not listed is not received; duplicates in the list count once
--EXTENSIONS--
chan
posix
--FILE--
<?php
use function Chan\{go, signal};

$a = signal(Chan\SIGUSR1, Chan\SIGUSR2, Chan\SIGUSR1);
$b = signal(Chan\SIGUSR1);
posix_kill(getmypid(), Chan\SIGUSR1);
var_dump($a->pop(), $b->pop());

go(function () {
    exec('kill -USR2 ' . getmypid());
});
var_dump($a->pop(), count($b));

for ($i = 0; $i < 20; $i++) {
    posix_kill(getmypid(), Chan\SIGUSR1);
}
var_dump(count($a), count($b));
$got = 0;
while ($a->tryPop($v)) {
    $got += $v === Chan\SIGUSR1;
}
var_dump($got);
var_dump($a->isEmpty(), $b->isClosed());
?>
--EXPECT--
int(10)
int(10)
int(12)
int(0)
int(16)
int(16)
int(16)
bool(true)
bool(false)
