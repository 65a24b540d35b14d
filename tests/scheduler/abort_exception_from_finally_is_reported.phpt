--TEST--
An exception thrown by a finally block while its coroutine is destroyed in an abort is reported, not lost; the original exception still reaches main
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel(0);
go(function () use ($ch) {
    try {
        $ch->pop();
    } finally {
        echo "finally runs\n";
        throw new LogicException("thrown from finally during abort");
    }
});
go(function () {
    Coroutine::yield();
    throw new RuntimeException("original");
});
try {
    $ch->pop();
} catch (Exception $e) {
    echo "main caught ", get_class($e), ": ", $e->getMessage(), "\n";
}
echo "end\n";
?>
--EXPECTF--
finally runs
%Athrown from finally during abort%A
main caught RuntimeException: original
end
