--TEST--
The exception a cancellation delivers is a Chan\CancelledException (a Chan\Exception, a RuntimeException) with the message "Coroutine N was cancelled" naming the coroutine, code 0, and a trace pointing at the blocking call
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

var_dump(get_parent_class(Chan\CancelledException::class));
$ch = new Channel(0);
$ids = [];
for ($i = 0; $i < 3; $i++) {
    $ids[] = go(function () use ($ch) {
        try {
            $ch->pop();
        } catch (Chan\CancelledException $e) {
            echo get_class($e), " | ", $e->getMessage(), " | code ", $e->getCode(),
                " | Chan\\Exception: ", json_encode($e instanceof Chan\Exception),
                " | RuntimeException: ", json_encode($e instanceof RuntimeException),
                " | thrown by ", $e->getTrace()[0]['class'], '::', $e->getTrace()[0]['function'],
                " on line ", $e->getLine(), "\n";
        } catch (Chan\ClosedException $e) {
            echo "not cancelled: released by close\n";
        }
    });
}
Coroutine::yield();
Coroutine::cancel($ids[2]);
Coroutine::cancel($ids[0]);
Coroutine::yield();
echo "ids: ", implode(',', $ids), "\n";
// The third one is still parked: close releases it.
$ch->close();
?>
--EXPECTF--
string(14) "Chan\Exception"
Chan\CancelledException | Coroutine 3 was cancelled | code 0 | Chan\Exception: true | RuntimeException: true | thrown by Chan\Channel::pop on line 12
Chan\CancelledException | Coroutine 1 was cancelled | code 0 | Chan\Exception: true | RuntimeException: true | thrown by Chan\Channel::pop on line 12
ids: 1,2,3
not cancelled: released by close
