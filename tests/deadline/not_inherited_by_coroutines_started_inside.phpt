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
$release = new Channel(2);   // main lets the children go on once its deadline has fired
$g = new Group();
try {
    // 1 s leaves room to start both children first on a slow machine:
    // Group::go() is a checkpoint, where a deadline already passed throws.
    withTimeout(1, function () use ($done, $release, $g) {
        go(function () use ($done, $release) {
            $release->pop();
            $done->push('go() child waited past the deadline');
        });
        $g->go(function () use ($done, $release) {
            $release->pop();
            $done->push('group member waited past the deadline');
        });
        Coroutine::sleep(30);
    });
} catch (Chan\TimeoutException $e) {
    echo "fn: ", $e->getMessage(), "\n";
}
$release->push(true);
$release->push(true);
$got = [$done->pop(), $done->pop()];
sort($got);
echo implode("\n", $got), "\n";
$g->wait();

// Nor does a coroutine calling withTimeout() give its deadline to main:
// main waits on a channel until after the coroutine's deadline has fired.
$told = new Channel(0);
go(function () use ($told) {
    try {
        withTimeout(0.01, fn () => Coroutine::sleep(0.5));
    } catch (Chan\TimeoutException $e) {
        $told->push("the coroutine's own deadline: " . $e->getMessage());
    }
});
echo $told->pop(), "\n";
echo "main's wait unaffected\n";
?>
--EXPECT--
fn: The deadline of Chan\withTimeout() has passed
go() child waited past the deadline
group member waited past the deadline
the coroutine's own deadline: The deadline of Chan\withTimeout() has passed
main's wait unaffected
