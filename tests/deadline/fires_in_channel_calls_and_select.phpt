--TEST--
withTimeout()'s deadline fires in a pop(), a push() and a select() still waiting at the deadline: each throws Chan\TimeoutException "The deadline of Chan\withTimeout() has passed" (select() throws instead of returning null), leaves the channel's queues, and a push's value is not delivered
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\select;
use function Chan\withTimeout;

$ch = new Channel(0);
$calls = [
    'pop' => fn () => $ch->pop(),
    'push' => fn () => $ch->push('not delivered'),
    'select' => fn () => select([$ch, [$ch, 'not delivered either']]),
    'pop(30)' => fn () => $ch->pop(30),
    'select(30)' => fn () => select([$ch], 30),
];
foreach ($calls as $name => $call) {
    $t = hrtime(true);
    try {
        withTimeout(0.05, $call);
        echo "$name returned\n";
    } catch (Chan\TimeoutException $e) {
        echo "$name: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
    $s = $ch->stats();
    echo "  after at least 0.04 s: ", json_encode((hrtime(true) - $t) / 1e9 >= 0.04),
        ", pushers: {$s['pushers']}, poppers: {$s['poppers']}\n";
}
var_dump($ch->tryPop($v));
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
pop: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
  after at least 0.04 s: true, pushers: 0, poppers: 0
push: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
  after at least 0.04 s: true, pushers: 0, poppers: 0
select: Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
  after at least 0.04 s: true, pushers: 0, poppers: 0
pop(30): Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
  after at least 0.04 s: true, pushers: 0, poppers: 0
select(30): Chan\TimeoutException: The deadline of Chan\withTimeout() has passed
  after at least 0.04 s: true, pushers: 0, poppers: 0
bool(false)
live: 0
