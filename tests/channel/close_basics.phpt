--TEST--
close() returns true the first time and false after; isClosed() reports it; push to a closed channel throws Chan\ClosedException whatever the timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;

foreach ([[0, false], [2, false], [2, true]] as [$cap, $lock]) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap, $lock);
    var_dump($ch->isClosed(), $ch->close(), $ch->isClosed(), $ch->close(), $ch->isClosed());
    foreach ([null, 0, 0.05] as $timeout) {
        try {
            $ch->push('x', $timeout);
            echo "push returned\n";
        } catch (Chan\ClosedException $e) {
            echo get_class($e), "\n";
        }
    }
    var_dump(count($ch), $ch->stats()['closed']);
}
?>
--EXPECT--
-- capacity 0
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
int(0)
bool(true)
-- capacity 2
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
int(0)
bool(true)
-- capacity 2
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
int(0)
bool(true)
