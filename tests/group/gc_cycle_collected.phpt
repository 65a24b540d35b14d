--TEST--
A group in a reference cycle (member closures capturing the group, a result holding the group) is collected by gc_collect_cycles() once its members have finished, releasing its results and its failure
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use Chan\Group;

class Failure extends RuntimeException {
    public ?Group $group = null;
    public ?Tracked $marker = null;
}
class Tracked {
    public static array $destroyed = [];
    public function __construct(public string $name) {}
    public function __destruct() { self::$destroyed[] = $this->name; }
}

// A result that holds the group: group -> results -> closure -> group.
$g = new Group();
$g->go(function () use ($g) {
    $marker = new Tracked('result of a member');
    return function () use ($g, $marker) { return $g; };
});
$g->go(fn () => new Tracked('plain result'));
$g->wait();
$w = WeakReference::create($g);
unset($g);
echo "before collection: ", json_encode(Tracked::$destroyed), ", alive: ", json_encode($w->get() !== null), "\n";
var_dump(gc_collect_cycles() > 0);
sort(Tracked::$destroyed);
echo "after: ", json_encode(Tracked::$destroyed), ", alive: ", json_encode($w->get() !== null), "\n";

// A failure that holds the group (seen by wait()): group -> failure -> group.
Tracked::$destroyed = [];
$g = new Group();
$g->go(function () use ($g) {
    $e = new Failure('holds its group');
    $e->group = $g;
    $e->marker = new Tracked('failure');
    throw $e;
});
try {
    $g->wait();
} catch (Failure $e) {
}
unset($e);
$w = WeakReference::create($g);
unset($g);
var_dump(gc_collect_cycles() > 0);
echo "after: ", json_encode(Tracked::$destroyed), ", alive: ", json_encode($w->get() !== null), "\n";

// While a member runs, the group is kept: a collection does not free it.
$g = new Group();
$finished = new Chan\Channel(1);
$g->go(function () use ($g, $finished) {
    Coroutine::sleep(0.02);
    $finished->push(true);   // room in the buffer: the member ends before main is back
    return 'done';
});
$w = WeakReference::create($g);
unset($g);
gc_collect_cycles();
echo "member running, alive: ", json_encode($w->get() !== null), "\n";
$finished->pop();
gc_collect_cycles();
echo "member finished, alive: ", json_encode($w->get() !== null), "\n";
?>
--EXPECT--
before collection: [], alive: true
bool(true)
after: ["plain result","result of a member"], alive: false
bool(true)
after: ["failure"], alive: false
member running, alive: true
member finished, alive: false
