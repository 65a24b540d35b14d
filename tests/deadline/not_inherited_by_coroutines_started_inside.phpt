--TEST--
withTimeout()'s deadline applies to the context that called it only: coroutines started inside $fn (with go() or a Group) block past the deadline without a Chan\TimeoutException, while $fn's own wait throws
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use function Chan\go;
use function Chan\withTimeout;

$done = new Channel(2);
$g = new Group();
try {
    withTimeout(0.05, function () use ($done, $g) {
        go(function () use ($done) {
            Coroutine::sleep(0.15);
            $done->push('go() child slept past the deadline');
        });
        $g->go(function () use ($done) {
            Coroutine::sleep(0.15);
            $done->push('group member slept past the deadline');
        });
        Coroutine::sleep(30);
    });
} catch (Chan\TimeoutException $e) {
    echo "fn: ", $e->getMessage(), "\n";
}
$got = [$done->pop(), $done->pop()];
sort($got);
echo implode("\n", $got), "\n";
$g->wait();

// Nor does a coroutine calling withTimeout() give its deadline to main.
go(function () {
    try {
        withTimeout(0.01, fn () => Coroutine::sleep(0.5));
    } catch (Chan\TimeoutException $e) {
        echo "the coroutine's own deadline: ", $e->getMessage(), "\n";
    }
});
Coroutine::sleep(0.1);
echo "main's sleep unaffected\n";
?>
--EXPECT--
fn: The deadline of Chan\withTimeout() has passed
go() child slept past the deadline
group member slept past the deadline
the coroutine's own deadline: The deadline of Chan\withTimeout() has passed
main's sleep unaffected
