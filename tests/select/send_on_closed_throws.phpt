--TEST--
A send case on a closed channel throws Chan\ClosedException, also with $timeout = 0 and when the channel is closed while the select waits; the value is not delivered and the select leaves every channel
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\ClosedException;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

class Tracked {
    public static array $released = [];
    public function __construct(public string $name) {}
    public function __destruct() { self::$released[] = $this->name; }
}

$idle = new Channel(0);
foreach ([0, 1] as $cap) {
    echo "-- capacity $cap\n";
    $ch = new Channel($cap);
    $ch->close();
    foreach ([null, 0, 1.0] as $timeout) {
        try {
            select([$idle, [$ch, 'x']], $timeout);
            echo "returned\n";
        } catch (ClosedException $e) {
            echo get_class($e), "\n";
        }
    }
}

// Closed while the select waits, in a coroutine and in main.
$ch = new Channel(0);
$other = new Channel(0);
go(function () use ($ch, $other) {
    try {
        select(['other' => $other, 'send' => [$ch, new Tracked('value of the waiting send')]]);
        echo "returned\n";
    } catch (ClosedException $e) {
        echo "coroutine: ", get_class($e), "\n";
    }
});
Coroutine::yield();
var_dump($ch->stats()['pushers'], $other->stats()['poppers']);
var_dump($ch->close());
Coroutine::yield();
var_dump($other->stats()['poppers']);
// Not delivered: nobody popped it, and it is gone with the select.
var_dump(Tracked::$released);

$ch = new Channel(0);
go(function () use ($ch) { echo "closing\n"; $ch->close(); });
try {
    select([$other, [$ch, 1]]);
} catch (ClosedException $e) {
    echo "main: ", get_class($e), "\n";
}
var_dump($other->stats()['poppers'], $ch->stats()['pushers']);
?>
--EXPECT--
-- capacity 0
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
-- capacity 1
Chan\ClosedException
Chan\ClosedException
Chan\ClosedException
int(1)
int(1)
bool(true)
coroutine: Chan\ClosedException
int(0)
array(1) {
  [0]=>
  string(25) "value of the waiting send"
}
closing
main: Chan\ClosedException
int(0)
int(0)
