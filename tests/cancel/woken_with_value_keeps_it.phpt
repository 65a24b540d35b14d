--TEST--
A coroutine woken with a value (a pop handed a value, a push whose value was taken, a select that fired) and cancelled before it runs again keeps what the call did: the call returns normally, and the cancellation comes from its next blocking call
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

function next_call(): void {
    $ready = new Channel(1);
    $ready->tryPush('ready');
    try {
        $ready->pop();
        echo "  next call returned\n";
    } catch (Chan\Exception $e) {
        echo "  next call: ", get_class($e), "\n";
    }
}

$a = new Channel(0);
$b = new Channel(0);
$c = new Channel(0);

$popper = go(function () use ($a) {
    $v = $a->pop();
    echo "popper kept ", $v, "\n";
    next_call();
});
$pusher = go(function () use ($b) {
    $b->push('pushed value');
    echo "pusher's push returned\n";
    next_call();
});
$selector = go(function () use ($c) {
    [$key, $v] = select(['idle' => new Channel(0), 'c' => $c]);
    echo "select kept $key => $v\n";
    next_call();
});
Coroutine::yield();   // all three parked

$a->push('for the popper');          // the popper is woken with it
Coroutine::cancel($popper);
echo "main popped: ", $b->pop(), "\n";   // the pusher is woken, its value taken
Coroutine::cancel($pusher);
$c->push('for the select');
Coroutine::cancel($selector);
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
main popped: pushed value
popper kept for the popper
  next call: Chan\CancelledException
pusher's push returned
  next call: Chan\CancelledException
select kept c => for the select
  next call: Chan\CancelledException
live: 0
