--TEST--
Chan\after(): a channel of capacity 1 that receives one float (microtime(true) at delivery) once its time has passed: pop() in main with no coroutine waits for it (no deadlock: the pending timer counts), pop() in a coroutine parks only that coroutine (another runs meanwhile), nothing comes a second time, and after(0) delivers at the next look
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\{after, go};

$c = after(0.05);
var_dump($c instanceof Channel, $c->capacity, count($c));
$before = microtime(true);
$v = $c->pop();
$after = microtime(true);
var_dump(is_float($v), $v >= $before && $v <= $after, count($c));
try {
    $c->pop(0);
} catch (Chan\TimeoutException $e) {
    echo "nothing more: ", $e->getMessage(), "\n";
}

Chan\run(function () {
    $log = new Channel(10);
    $c = after(0.05);
    go(function () use ($c, $log) {
        $log->push('A waits');
        $log->push('A got ' . get_debug_type($c->pop()));
    });
    go(function () use ($log) {
        $log->push('B runs');
    });
    Chan\Coroutine::yield();
    Chan\Coroutine::yield();
    $c2 = after(0);
    $log->push('main got ' . get_debug_type($c2->pop()));
    Chan\Coroutine::sleep(0.2);
    $log->close();
    foreach ($log as $line) {
        echo $line, "\n";
    }
});
?>
--EXPECT--
bool(true)
int(1)
int(0)
bool(true)
bool(true)
int(0)
nothing more: Chan\Channel::pop() timed out
A waits
B runs
main got float
A got float
