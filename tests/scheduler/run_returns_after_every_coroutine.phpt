--TEST--
run() returns its function's result only once every coroutine has finished, including ones spawned inside it and before it
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$signal = new Channel(0);
go(function () use ($signal) {
    $signal->pop();       // waits for the grandchild
    Coroutine::sleep(0.01);
    echo "spawned before run() finishes\n";
});
$result = Chan\run(function () use ($signal) {
    go(function () use ($signal) {
        Coroutine::sleep(0.01);
        echo "child finishes\n";
        go(function () use ($signal) {
            $signal->push(1);
            Coroutine::sleep(0.01); // its deadline is set before the other one's
            echo "grandchild finishes\n";
        });
    });
    echo "run function returns\n";
    return ['answer' => 42];
});
echo "run() returned\n";
var_dump($result);
var_dump(Coroutine::count());
?>
--EXPECT--
run function returns
child finishes
grandchild finishes
spawned before run() finishes
run() returned
array(1) {
  ["answer"]=>
  int(42)
}
int(0)
