--TEST--
Where the context may not switch (a Fiber the scheduler does not own, a destructor) a select that would wait throws Chan\Error and leaves nothing registered, while a select that does not wait (a ready case, $timeout = 0) works
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\select;

$ch = new Channel(1);
$idle = new Channel(0);

$fiber = new Fiber(function () use ($ch, $idle) {
    $ch->push('ready');
    echo "ready case: ", json_encode(select([$idle, $ch])), "\n";
    echo "timeout 0: ", json_encode(select([$idle, $ch], 0)), "\n";
    foreach ([null, 0.01] as $t) {
        try {
            select([$idle, $ch], $t);
            echo "returned\n";
        } catch (Chan\Error $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
});
$fiber->start();

class SelectsInDestructor {
    public function __construct(private Channel $ch) {}
    public function __destruct() {
        try {
            select([$this->ch]);
            echo "returned\n";
        } catch (Chan\Error $e) {
            echo "destructor: ", get_class($e), "\n";
        }
    }
}
$o = new SelectsInDestructor($idle);
unset($o);

foreach ([$ch, $idle] as $c) {
    $s = $c->stats();
    echo "pushers={$s['pushers']} poppers={$s['poppers']}\n";
}
?>
--EXPECT--
ready case: [1,"ready",true]
timeout 0: null
Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
destructor: Chan\Error
pushers=0 poppers=0
pushers=0 poppers=0
