--TEST--
When the coroutine of Chan\run() ends by its own cancellation (quietly, no abort), run() returns null once every coroutine has finished, as for a function without a result; the other coroutines run to their end
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$r = Chan\run(function () {
    go(function () {
        Coroutine::sleep(0.01);
        echo "other coroutine finished\n";
    });
    Coroutine::cancel(Coroutine::id());
    Coroutine::yield();
    return 'must not be returned';
});
var_dump($r);

// Cancelled by another coroutine while parked.
$r = Chan\run(function () {
    $self = Coroutine::id();
    go(fn () => Coroutine::cancel($self));
    Coroutine::sleep(30);
    return 'must not be returned';
});
var_dump($r);
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
other coroutine finished
NULL
NULL
live: 0
