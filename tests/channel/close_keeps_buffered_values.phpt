--TEST--
Values buffered before close() stay poppable in order; then pop() throws Chan\ClosedException, at once and whatever the timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

foreach ([false, true] as $lock) {
    $ch = new Channel(3, $lock);
    $ch->push(1);
    $ch->push(2);
    $ch->push(3);
    var_dump($ch->close());
    var_dump(count($ch), $ch->isFull());
    var_dump($ch->pop(), $ch->pop(0), $ch->pop(0.05));
    foreach ([null, 0, 0.05] as $timeout) {
        try {
            $ch->pop($timeout);
            echo "pop returned\n";
        } catch (Chan\ClosedException $e) {
            echo get_class($e), "\n";
        }
    }
    var_dump($ch->isEmpty());
}
?>
--EXPECT--
bool(true)
int(3)
bool(true)
int(1)
int(2)
int(3)
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
bool(true)
bool(true)
int(3)
bool(true)
int(1)
int(2)
int(3)
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
bool(true)
