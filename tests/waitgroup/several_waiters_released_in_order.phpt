--TEST--
WaitGroup: every waiter (coroutines and main) is released when the counter reaches zero, in the order they started waiting; the releaser keeps running
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\{WaitGroup, Coroutine};
use function Chan\go;

$wg = new WaitGroup(1);
foreach (['A', 'B'] as $name) {
    go(function () use ($wg, $name) {
        echo "$name waits\n";
        $wg->wait();
        echo "$name released\n";
    });
}
Coroutine::yield(); // A and B start waiting, in that order
go(function () use ($wg) {
    echo "C waits\n";
    $wg->wait();
    echo "C released\n";
});
go(function () use ($wg) {
    $wg->done();
    echo "done() returned\n";
});
echo "main waits\n";
$wg->wait(); // main waits after A and B, before C starts waiting
echo "main released\n";
Coroutine::yield();
echo "end\n";
?>
--EXPECT--
A waits
B waits
main waits
C waits
done() returned
A released
B released
main released
C released
end
