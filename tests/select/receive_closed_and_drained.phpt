--TEST--
A receive case on a closed channel still yields its buffered values with $ok = true, then fires at once with [$key, null, false] once drained; $timeout = 0 does not change that
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

foreach ([0, 2] as $cap) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap);
    $idle = new Channel(0);
    if ($cap) {
        $ch->push('a');
        $ch->push('b');
    }
    $ch->close();
    for ($i = 0; $i < $cap + 2; $i++) {
        echo json_encode(select(['idle' => $idle, 'closed' => $ch])), "\n";
    }
    echo json_encode(select(['closed' => $ch], 0)), "\n";
    // Closed and drained beats waiting forever, in main with nothing else to run.
    echo json_encode(select([$idle, $ch])), "\n";
}
?>
--EXPECT--
-- capacity 0
["closed",null,false]
["closed",null,false]
["closed",null,false]
[1,null,false]
-- capacity 2
["closed","a",true]
["closed","b",true]
["closed",null,false]
["closed",null,false]
["closed",null,false]
[1,null,false]
