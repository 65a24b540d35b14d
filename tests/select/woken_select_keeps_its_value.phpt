--TEST--
A select woken by a value keeps that value: another case becoming ready (push, buffered push, close) before the select runs again neither replaces nor loses it
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$a = new Channel(0);
$b = new Channel(1);
$c = new Channel(0);
go(function () use ($a, $b, $c) {
    $r = select(['a' => $a, 'b' => $b, 'c' => $c]);
    echo "select: ", json_encode($r), "\n";
});
Coroutine::yield();

// All three happen before the woken select runs again.
$a->push('first');
$b->push('second');   // buffered: stays in $b
try {
    $c->push('third', 0);
} catch (Chan\TimeoutException) {
    echo "no popper left on \$c\n";
}
$c->close();
echo "pusher done\n";
Coroutine::yield();
var_dump(count($b), $b->pop());

// The same with main as the selecting side.
$a = new Channel(0);
$b = new Channel(0);
go(function () use ($a, $b) {
    $a->push('for main');
    $b->close();
    echo "coroutine done\n";
});
$r = select(['a' => $a, 'b' => $b]);
echo "main: ", json_encode($r), "\n";

// A send case that fired keeps having fired: the value went out once.
$a = new Channel(0);
$b = new Channel(0);
go(function () use ($a, $b) {
    $r = select(['send' => [$a, 'sent once'], 'recv' => $b]);
    echo "sender select: ", json_encode($r), "\n";
});
Coroutine::yield();
$v = $a->pop();
echo "popped: $v\n";
var_dump($b->tryPush('ignored'));
Coroutine::yield();
?>
--EXPECT--
no popper left on $c
pusher done
select: ["a","first",true]
int(1)
string(6) "second"
coroutine done
main: ["a","for main",true]
popped: sent once
bool(false)
sender select: ["send",null,true]
