--TEST--
Channels and send values are taken when select is called (Go evaluates them on entry): cases held by reference that are reassigned while the select waits neither change what it does nor free what it is using
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;
use function Chan\select;

// 1. A channel reachable only through a reference in $cases, dropped while
//    the select waits on it: the select still waits on that channel.
$ch = new Channel(0);
$cases = [&$ch];
go(function () use (&$ch) {
    $ch = null;
    $GLOBALS['fresh'] = new Channel(0);
});
var_dump(select($cases, 0.05));
echo "unrelated channel: poppers=", $fresh->stats()['poppers'], "\n";

// 2. The same, but the dropped channel then fires.
$ch = new Channel(0);
$keep = null;
$cases = ['only' => &$ch];
go(function () use (&$ch, &$keep) {
    $keep = $ch;
    $ch = null;
    $keep->push('still delivered');
});
echo json_encode(select($cases)), "\n";

// 3. A send value given by reference and reassigned while parked: the value
//    at the time of the call is sent.
$out = new Channel(0);
$v = 'original';
go(function () use (&$v, $out) {
    $v = 'changed';
    $got = $out->pop();
    echo "popped: $got\n";
});
select([[$out, &$v]]);

// 4. A whole [Channel, value] pair by reference, replaced while parked.
$out = new Channel(0);
$pair = [$out, str_repeat('payload', 3)];
$cases = [&$pair];
go(function () use (&$pair, $out) {
    $pair = null;
    $filler = [str_repeat('z', 21), 1];
    $got = $out->pop();
    echo "popped: ", var_export($got, true), "\n";
});
select($cases);
echo "end\n";
?>
--EXPECT--
NULL
unrelated channel: poppers=0
["only","still delivered",true]
popped: original
popped: 'payloadpayloadpayload'
end
