--TEST--
Buffered channel: values come out in the order they went in; count/isEmpty/isFull track the buffer, on both rings
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

foreach ([false, true] as $lock) {
    $ch = new Channel(3, $lock);
    var_dump($ch->isEmpty(), $ch->isFull());
    $ch->push(1);
    var_dump(count($ch), $ch->isEmpty(), $ch->isFull());
    $ch->push(2);
    $ch->push(3);
    var_dump(count($ch), $ch->isEmpty(), $ch->isFull());
    echo $ch->pop(), $ch->pop(), "\n";
    // Wrap around the ring a few times.
    $out = [];
    for ($i = 4; $i <= 20; $i++) {
        $ch->push($i);
        $ch->push($i + 100);
        $out[] = $ch->pop();
        $out[] = $ch->pop();
    }
    $out[] = $ch->pop();
    echo implode(' ', $out), "\n";
    var_dump(count($ch), $ch->isEmpty());
}
?>
--EXPECT--
bool(true)
bool(false)
int(1)
bool(false)
bool(false)
int(3)
bool(false)
bool(true)
12
3 4 104 5 105 6 106 7 107 8 108 9 109 10 110 11 111 12 112 13 113 14 114 15 115 16 116 17 117 18 118 19 119 20 120
int(0)
bool(true)
bool(true)
bool(false)
int(1)
bool(false)
bool(false)
int(3)
bool(false)
bool(true)
12
3 4 104 5 105 6 106 7 107 8 108 9 109 10 110 11 111 12 112 13 113 14 114 15 115 16 116 17 117 18 118 19 119 20 120
int(0)
bool(true)
