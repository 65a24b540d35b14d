--TEST--
Once withTimeout()'s deadline has passed, every blocking call inside $fn throws Chan\TimeoutException at once, including those that would not wait (push with room, pop with a value, select with a ready case or timeout 0, sleep(0), yield(), wait() on a zero counter, waitReadable($s, 0)), and changes nothing; tryPush()/tryPop() and other calls that never block still work
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\select;
use function Chan\withTimeout;

$ch = new Channel(4);
$ch->push('buffered');
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, 'data');

withTimeout(0.02, function () use ($ch, $a) {
    try {
        (new Channel(0))->pop();
    } catch (Chan\TimeoutException $e) {
        echo "deadline passed: ", $e->getMessage(), "\n";
    }
    $calls = [
        'push with room' => fn () => $ch->push('x'),
        'pop with a value' => fn () => $ch->pop(),
        'pop(0) with a value' => fn () => $ch->pop(0),
        'select(ready)' => fn () => select([$ch]),
        'select(nothing ready, 0)' => fn () => select([new Channel(0)], 0),
        'sleep(0)' => fn () => Coroutine::sleep(0),
        'yield' => fn () => Coroutine::yield(),
        'WaitGroup::wait at zero' => fn () => (new WaitGroup())->wait(),
        'waitReadable(ready, 0)' => fn () => Coroutine::waitReadable($a, 0),
        'Chan\fread(ready)' => fn () => Chan\fread($a, 10),
        'Group::wait with no member' => fn () => (new Chan\Group())->wait(),
    ];
    foreach ($calls as $name => $call) {
        $t = hrtime(true);
        try {
            $call();
            echo "$name: returned\n";
        } catch (Chan\TimeoutException $e) {
            echo "$name: ", get_class($e), ((hrtime(true) - $t) / 1e9 < 1 ? "" : " (NOT AT ONCE)"), "\n";
        }
    }
    var_dump($ch->tryPush('try-pushed'), $ch->tryPop($v), $v, count($ch));
});
echo "after withTimeout(): ", $ch->pop(), ", ", fread($a, 10), "\n";
?>
--EXPECT--
deadline passed: The deadline of Chan\withTimeout() has passed
push with room: Chan\TimeoutException
pop with a value: Chan\TimeoutException
pop(0) with a value: Chan\TimeoutException
select(ready): Chan\TimeoutException
select(nothing ready, 0): Chan\TimeoutException
sleep(0): Chan\TimeoutException
yield: Chan\TimeoutException
WaitGroup::wait at zero: Chan\TimeoutException
waitReadable(ready, 0): Chan\TimeoutException
Chan\fread(ready): Chan\TimeoutException
Group::wait with no member: Chan\TimeoutException
bool(true)
bool(true)
string(8) "buffered"
int(1)
after withTimeout(): try-pushed, data
