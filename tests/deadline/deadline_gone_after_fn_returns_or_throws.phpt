--TEST--
The deadline is gone once $fn returns or throws (its own exception, or the deadline's Chan\TimeoutException): blocking calls after withTimeout() wait as long as they need, and an inner withTimeout() that returned leaves the outer deadline as it was
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\withTimeout;

function blocks_past_old_deadline(string $after): void {
    $ch = new Channel(0);
    go(function () use ($ch) {
        Coroutine::sleep(0.1);
        $ch->push('late value');
    });
    try {
        echo "after $after: ", $ch->pop(), "\n";
    } catch (Chan\TimeoutException $e) {
        echo "after $after: ", get_class($e), "\n";
    }
}

echo withTimeout(0.02, fn () => 'returned'), "\n";
blocks_past_old_deadline('a return');

try {
    withTimeout(0.02, fn () => throw new DomainException('thrown'));
} catch (DomainException $e) {
    echo $e->getMessage(), "\n";
}
blocks_past_old_deadline('a throw');

try {
    withTimeout(0.02, fn () => Coroutine::sleep(30));
} catch (Chan\TimeoutException $e) {
    echo "deadline fired\n";
}
blocks_past_old_deadline('the deadline fired');

// In a coroutine too, and a finished inner leaves the outer unchanged.
Chan\run(function () {
    withTimeout(30, function () {
        withTimeout(0.01, fn () => null);
        Coroutine::sleep(0.05);
        echo "in a coroutine: the inner deadline did not outlive its fn\n";
    });
    blocks_past_old_deadline('withTimeout() in a coroutine');
});
?>
--EXPECT--
returned
after a return: late value
thrown
after a throw: late value
deadline fired
after the deadline fired: late value
in a coroutine: the inner deadline did not outlive its fn
after withTimeout() in a coroutine: late value
