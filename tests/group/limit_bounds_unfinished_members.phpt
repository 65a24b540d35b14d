--TEST--
A Group with $limit never has more than $limit members unfinished: go() with $limit members unfinished parks (a switch point: the members run meanwhile) until one finishes, then starts the next; every member runs once; count() is the number of unfinished members
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

foreach ([1, 3] as $limit) {
    echo "-- limit $limit\n";
    $g = new Group($limit);
    $running = 0;
    $peak = 0;
    $ran = [];
    $counts = [];
    for ($i = 0; $i < 10; $i++) {
        $g->go(function () use ($i, &$running, &$peak, &$ran) {
            $running++;
            $peak = max($peak, $running);
            Coroutine::sleep(0.001 * (($i * 7) % 4));   // members finish out of order
            $ran[] = $i;
            $running--;
            return $i * $i;
        });
        $counts[] = $g->count();
    }
    // How many finished while go() was parked depends on the timers.
    echo "count() after each go(): at most $limit: ", json_encode(max($counts) === $limit), ", first ones: ",
        implode(' ', array_slice($counts, 0, $limit)), "\n";
    $r = $g->wait();
    echo "peak: $peak, count() now: ", $g->count(), "\n";
    sort($ran);
    echo "ran: ", implode(' ', $ran), "\n";
    echo "results: ", json_encode($r), "\n";
}

// go() at the limit is a switch point even for members that do not block.
$g = new Group(2);
$log = [];
for ($i = 0; $i < 4; $i++) {
    $log[] = "go $i";
    $g->go(function () use ($i, &$log) { $log[] = "member $i ran"; });
}
$log[] = "main after go 3";
$g->wait();
echo implode("\n", $log), "\n";
?>
--EXPECT--
-- limit 1
count() after each go(): at most 1: true, first ones: 1
peak: 1, count() now: 0
ran: 0 1 2 3 4 5 6 7 8 9
results: [0,1,4,9,16,25,36,49,64,81]
-- limit 3
count() after each go(): at most 3: true, first ones: 1 2 3
peak: 3, count() now: 0
ran: 0 1 2 3 4 5 6 7 8 9
results: [0,1,4,9,16,25,36,49,64,81]
go 0
go 1
go 2
member 0 ran
member 1 ran
go 3
main after go 3
member 2 ran
member 3 ran
