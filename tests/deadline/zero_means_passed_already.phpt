--TEST--
withTimeout(0, $fn) runs $fn with its deadline already passed: code that does not block runs, tryPush()/tryPop() work, and the first blocking call throws Chan\TimeoutException at once, even one that would not wait
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\withTimeout;

$ch = new Channel(1);
$t = hrtime(true);
$r = withTimeout(0, function () use ($ch) {
    echo "fn runs\n";
    var_dump($ch->tryPush('a'), $ch->tryPop($v), $v);
    try {
        $ch->push('room for it');
        echo "push returned\n";
    } catch (Chan\TimeoutException $e) {
        echo "push: ", $e->getMessage(), "\n";
    }
    return count($ch);
});
echo "result: $r\n";
try {
    withTimeout(0.0, fn () => $ch->pop(30));
} catch (Chan\TimeoutException $e) {
    echo "pop(30): ", $e->getMessage(), "\n";
}
var_dump((hrtime(true) - $t) / 1e9 < 5);
?>
--EXPECT--
fn runs
bool(true)
bool(true)
string(1) "a"
push: The deadline of Chan\withTimeout() has passed
result: 0
pop(30): The deadline of Chan\withTimeout() has passed
bool(true)
