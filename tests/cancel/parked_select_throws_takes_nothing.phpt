--TEST--
A coroutine parked in select() and cancelled gets Chan\CancelledException from select(): none of its cases fires, its receive cases take nothing, its send cases deliver nothing, and it leaves every channel's queues
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$in = new Channel(0);
$out = new Channel(0);
$many = [];
for ($i = 0; $i < 12; $i++) {     // more cases than the select keeps on its C stack
    $many[] = new Channel(0);
}
$ids = [];
$ids[] = go(function () use ($in, $out) {
    try {
        $r = select(['in' => $in, 'out' => [$out, 'sent by select']]);
        echo "select returned ", json_encode($r), "\n";
    } catch (Chan\CancelledException $e) {
        echo "2-case select: ", get_class($e), "\n";
    }
});
$ids[] = go(function () use ($many, $out) {
    try {
        $cases = $many;
        $cases[] = [$out, 'sent by big select'];
        $r = select($cases, 30);
        echo "select returned ", json_encode($r), "\n";
    } catch (Chan\CancelledException $e) {
        echo "13-case select: ", get_class($e), "\n";
    }
});
Coroutine::yield();
$regs = fn () => array_sum(array_map(fn ($c) => $c->stats()['pushers'] + $c->stats()['poppers'], [$in, $out, ...$many]));
echo "registered: ", $regs(), "\n";
foreach ($ids as $id) {
    Coroutine::cancel($id);
}
echo "registered after cancel: ", $regs(), "\n";
// Nobody takes or offers anything any more.
var_dump($in->tryPush('x'), $out->tryPop($v), $many[3]->tryPush('y'));
Coroutine::yield();
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
registered: 15
registered after cancel: 0
bool(false)
bool(false)
bool(false)
2-case select: Chan\CancelledException
13-case select: Chan\CancelledException
live: 0
