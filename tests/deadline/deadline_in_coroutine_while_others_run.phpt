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
$worked = new Channel(1);
$never = new Channel(0);
// Each deadline is $s after a common moment (the first coroutine's
// withTimeout(), plus 0.5 s for all three to call theirs), so a coroutine
// that starts late (the first run of code under valgrind can take 100 ms and
// more) keeps its deadline's place.
$first = null;
foreach ([0.15, 0.05, 0.1] as $s) {
    go(function () use ($s, $log, $never, &$first) {
        $first ??= hrtime(true);
        try {
            withTimeout(max(0, 0.5 + $s - (hrtime(true) - $first) / 1e9), fn () => $never->pop());
        } catch (Chan\TimeoutException $e) {
            $log->push("deadline $s fired");
        }
    });
}
go(function () use ($worked) {
    $r = withTimeout(5, function () {
        Coroutine::sleep(0.01);
        return 'in time';
    });
    $worked->push("work within 5 s: $r");
});
// Its own channel: whether the work ends before the first deadline fires
// depends on the machine's speed, the result does not.
echo $worked->pop(), "\n";
for ($i = 0; $i < 3; $i++) {
    echo $log->pop(), "\n";
}
?>
--EXPECT--
work within 5 s: in time
deadline 0.05 fired
deadline 0.1 fired
deadline 0.15 fired
