--TEST--
new Group($limit) with $limit below 1 throws ValueError naming $limit; null (the default) means no limit and 1 is allowed
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Group;

foreach ([0, -1, PHP_INT_MIN] as $limit) {
    try {
        new Group($limit);
        echo "$limit: accepted\n";
    } catch (ValueError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
foreach ([null, 1, PHP_INT_MAX] as $limit) {
    $g = new Group($limit);
    for ($i = 0; $i < 5; $i++) {
        $g->go(fn () => $i);
    }
    echo json_encode($limit), ": ", json_encode($g->wait()), "\n";
}
$g = new Group();
for ($i = 0; $i < 100; $i++) {
    $g->go(fn () => Chan\Coroutine::sleep(0.001));
}
echo "no limit: ", $g->count(), " unfinished at once\n";
$g->wait();
?>
--EXPECTF--
ValueError: Chan\Group::__construct(): Argument #1 ($limit) must be %s
ValueError: Chan\Group::__construct(): Argument #1 ($limit) must be %s
ValueError: Chan\Group::__construct(): Argument #1 ($limit) must be %s
null: [0,1,2,3,4]
1: [0,1,2,3,4]
%d: [0,1,2,3,4]
no limit: 100 unfinished at once
