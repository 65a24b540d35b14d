--TEST--
A select in main that must wait runs the coroutines (yields, sleeps, other channels) until one of its cases fires, then main goes on while the others are still pending
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

$results = new Channel(0);
$errors = new Channel(0);
$work = new Channel(1);
$late = new Channel(0);

go(function () use ($work) {
    echo "A: yields\n";
    Coroutine::yield();
    echo "A: sleeps\n";
    Coroutine::sleep(0.01);
    echo "A: hands work to B\n";
    $work->push(21);
});
go(function () use ($work, $results) {
    echo "B: waits for work\n";
    $n = $work->pop();
    echo "B: sends the result\n";
    $results->push($n * 2);
    echo "B: done\n";
});
go(function () use ($late) {
    echo "D: sleeps long\n";
    select([$late], 30.0);   // a timer far away; main wakes it at the end
    echo "D: wakes after main went on\n";
});

echo "main: selects\n";
$r = select(['result' => $results, 'error' => $errors]);
echo "main: ", json_encode($r), "\n";
echo "main: live coroutines ", Coroutine::count(), "\n";
// A send-only select drives the scheduler too.
go(function () use ($work) { echo "C: got ", $work->pop(), "\n"; });
[$k] = select(['to C' => [$work, 'job']]);
echo "main: sent to C\n";
$late->close();
?>
--EXPECT--
main: selects
A: yields
B: waits for work
D: sleeps long
A: sleeps
A: hands work to B
B: sends the result
B: done
main: ["result",42,true]
main: live coroutines 1
main: sent to C
C: got job
D: wakes after main went on
