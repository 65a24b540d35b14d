--TEST--
Timeout racing a hand-off: a waiter is told it timed out only if its value really did not travel, even when its deadline has passed before it runs
--EXTENSIONS--
chan
--INI--
; usleep() must block the whole process here, not park the coroutine
chan.hooks=none
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\TimeoutException;
use function Chan\go;

foreach ([[0, false], [1, false], [1, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);

    $popperGot = null;
    go(function () use ($ch, &$popperGot) {
        try {
            $popperGot = $ch->pop(0.02);
        } catch (TimeoutException) {
            $popperGot = 'timed out';
        }
    });
    Coroutine::yield();
    usleep(60000);          // block the whole process: the popper's deadline passes
    try {
        $ch->push('handed', 0);
        $pushed = true;
    } catch (TimeoutException) {
        $pushed = false;
    }
    Coroutine::sleep(0.05);
    // Either the popper took the value, or the push did not happen: never both or neither.
    var_dump($pushed ? $popperGot === 'handed' : $popperGot === 'timed out');
    var_dump($ch->tryPop());

    if ($cap) {
        $ch->push('filler');
    }
    $pusher = null;
    go(function () use ($ch, &$pusher) {
        try {
            $ch->push('offered', 0.02);
            $pusher = 'delivered';
        } catch (TimeoutException) {
            $pusher = 'timed out';
        }
    });
    Coroutine::yield();
    usleep(60000);
    $got = [];
    for ($i = 0; $i <= $cap; $i++) {
        try {
            $got[] = $ch->pop(0);
        } catch (TimeoutException) {
        }
    }
    Coroutine::sleep(0.05);
    $received = in_array('offered', $got, true);
    var_dump($received ? $pusher === 'delivered' : $pusher === 'timed out');
    var_dump(!$cap || $got[0] === 'filler', $ch->tryPop());
}
?>
--EXPECT--
-- capacity 0
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
-- capacity 1
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
-- capacity 1
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
