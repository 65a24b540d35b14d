--TEST--
The private Coroutine::drain() (the script-end hook) called through Reflection mid-script throws Chan\Error and destroys nothing
--EXTENSIONS--
chan
--FILE--
<?php
$ch = new Chan\Channel();
Chan\go(function () use ($ch) { $v = $ch->pop(); echo "got $v\n"; });
Chan\Coroutine::yield();
try {
    (new ReflectionMethod(Chan\Coroutine::class, 'drain'))->invoke(null);
} catch (Chan\Error $e) {
    echo $e->getMessage(), "\n";
}
var_dump(Chan\Coroutine::count());
$ch->push("still parked");
?>
--EXPECT--
Chan\Coroutine::drain() only runs at script end
int(1)
got still parked
