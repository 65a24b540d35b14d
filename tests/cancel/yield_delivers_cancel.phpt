--TEST--
A coroutine cancelled while it is queued in Coroutine::yield() or sleep(0) gets Chan\CancelledException from that call when it runs again, and not a second time from the next one
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

foreach (['yield' => fn () => Coroutine::yield(), 'sleep(0)' => fn () => Coroutine::sleep(0)] as $name => $call) {
    $id = go(function () use ($name, $call) {
        try {
            $call();
            echo "$name returned\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), "\n";
        }
        $call();
        echo "$name again: returned\n";
    });
    Coroutine::yield();     // it runs and yields, queued behind main
    Coroutine::cancel($id);
    Coroutine::yield();
    Coroutine::yield();
}
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
yield: Chan\CancelledException
yield again: returned
sleep(0): Chan\CancelledException
sleep(0) again: returned
live: 0
