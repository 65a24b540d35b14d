--TEST--
Closing a channel wakes every select parked on it: receive cases fire with $ok = false, the other registrations are removed, and the wake-up is lazy (the closer keeps running)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$a = new Channel(0);
$b = new Channel(3);
for ($i = 1; $i <= 3; $i++) {
    go(function () use ($a, $b, $i) {
        $r = select(['a' => $a, 'b' => $b]);
        echo "select $i: ", json_encode($r), "\n";
    });
}
Coroutine::yield();
var_dump($a->stats()['poppers'], $b->stats()['poppers']);

echo "closing b\n";
$b->close();
echo "closer goes on\n";
Coroutine::yield();
var_dump($a->stats()['poppers'], $b->stats()['poppers']);

// Main parked in select is woken by a close too.
go(function () use ($a) { $a->close(); });
echo json_encode(select(['x' => new Channel(0), 'a' => $a])), "\n";
?>
--EXPECT--
int(3)
int(3)
closing b
closer goes on
select 1: ["b",null,false]
select 2: ["b",null,false]
select 3: ["b",null,false]
int(0)
int(0)
["a",null,false]
