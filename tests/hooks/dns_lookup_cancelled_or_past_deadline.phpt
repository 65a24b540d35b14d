--TEST--
The family "dns": a lookup is a checkpoint: a coroutine cancelled while its gethostbyname(), gethostbynamel() or gethostbyaddr() waits for the helper thread ends with Chan\CancelledException (the lookup finishes on its thread, unseen, nothing leaks); withTimeout() whose deadline has passed ends it with Chan\TimeoutException before any lookup; the coroutine that cancelled goes on and its own lookup still works
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

$calls = [
    'gethostbyname' => fn () => gethostbyname('localhost'),
    'gethostbynamel' => fn () => in_array('127.0.0.1', gethostbynamel('localhost'), true),
    'gethostbyaddr' => fn () => gethostbyaddr('127.0.0.1'),
];
Chan\run(function () use ($calls) {
    foreach ($calls as $name => $call) {
        $done = new Chan\Channel(1);
        $co = Chan\go(function () use ($call, $name, $done) {
            try {
                $r = $call();
                echo "$name: returned ", json_encode($r), "\n";
            } catch (Chan\CancelledException $e) {
                echo "$name: ", get_class($e), "\n";
            }
            $done->push(true);
        });
        Chan\go(fn () => Coroutine::cancel($co)); // runs while the lookup waits
        $done->pop();
        try {
            Chan\withTimeout(0.001, function () use ($call) {
                Coroutine::sleep(0.01);
                return $call();
            });
        } catch (Chan\TimeoutException $e) {
            echo "$name: ", get_class($e), "\n";
        }
        echo "$name: afterwards ", json_encode($call()), "\n";
    }
});
?>
--EXPECT--
gethostbyname: Chan\CancelledException
gethostbyname: Chan\TimeoutException
gethostbyname: afterwards "127.0.0.1"
gethostbynamel: Chan\CancelledException
gethostbynamel: Chan\TimeoutException
gethostbynamel: afterwards true
gethostbyaddr: Chan\CancelledException
gethostbyaddr: Chan\TimeoutException
gethostbyaddr: afterwards "localhost"
