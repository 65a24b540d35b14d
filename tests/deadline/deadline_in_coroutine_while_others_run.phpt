--TEST--
Several coroutines each with their own withTimeout() deadline: each fires at its own time, in deadline order, while the others go on; a coroutine that finishes its work before its deadline returns $fn's result
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

$log = new Channel(10);
$never = new Channel(0);
foreach ([0.15, 0.05, 0.1] as $s) {
    go(function () use ($s, $log, $never) {
        try {
            withTimeout($s, fn () => $never->pop());
        } catch (Chan\TimeoutException $e) {
            $log->push("deadline $s fired");
        }
    });
}
go(function () use ($log) {
    $r = withTimeout(5, function () {
        Coroutine::sleep(0.01);
        return 'in time';
    });
    $log->push("work within 5 s: $r");
});
for ($i = 0; $i < 4; $i++) {
    echo $log->pop(), "\n";
}
?>
--EXPECT--
work within 5 s: in time
deadline 0.05 fired
deadline 0.1 fired
deadline 0.15 fired
