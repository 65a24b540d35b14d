--TEST--
A Group works inside coroutines as in main: a member can run a group of its own and return its results, groups waited for in several coroutines at once each get their own results, and a failure in an inner group is the outer member's failure when it lets the exception escape
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

function squares(int $from, int $n): array {
    $g = new Group(2);
    for ($i = $from; $i < $from + $n; $i++) {
        $g->go(function () use ($i) {
            Coroutine::sleep(0.001 * ($i % 3));
            return $i * $i;
        });
    }
    return $g->wait();
}

$outer = new Group();
$outer->go(fn () => squares(1, 3));
$outer->go(fn () => squares(10, 2));
$outer->go(function () {
    $inner = new Group();
    $inner->go(fn () => 'inner ok');
    $inner->go(fn () => throw new RangeException('inner failure'));
    return $inner->wait();   // rethrows, and the exception escapes this member
});
try {
    $outer->wait();
} catch (RangeException $e) {
    echo "outer wait: ", $e->getMessage(), "\n";
}

echo json_encode(Chan\run(function () {
    $a = Chan\go(fn () => null);
    $g = new Group();
    $g->go(fn () => squares(1, 4));
    $g->go(fn () => squares(5, 1));
    return $g->wait();
})), "\n";
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
outer wait: inner failure
[[1,4,9,16],[25]]
live: 0
