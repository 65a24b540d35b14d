--TEST--
A select in a coroutine destroyed by an abort releases what it holds: a value already handed to it but not yet returned, and the value offered by a parked send case; its registrations are removed and its finally block runs
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Tracked {
    public static array $released = [];
    public static array $finally = [];
    public function __construct(public string $name) {}
    public function __destruct() { self::$released[] = $this->name; }
}

$a = new Channel(0);
$many = [];
for ($i = 0; $i < 12; $i++) {
    $many[] = new Channel(0);
}

// Handed a value, made runnable, destroyed before it runs again (2 cases).
go(function () use ($a) {
    try {
        $r = Chan\select([new Channel(0), $a]);
        echo "must not return: ", json_encode($r), "\n";
    } finally {
        Tracked::$finally[] = 'the woken select';
    }
});
// The same with more cases than fit on the C stack.
go(function () use ($many) {
    try {
        Chan\select($many);
        echo "must not return\n";
    } finally {
        Tracked::$finally[] = 'the 12-case select';
    }
});
// A parked send case: its value is released with it.
$out = new Channel(0);
go(function () use ($out) {
    try {
        Chan\select([[$out, new Tracked('offered by a parked send case')], new Channel(0)]);
        echo "must not return\n";
    } finally {
        Tracked::$finally[] = 'the sending select';
    }
});
go(function () use ($a, $many) {
    $a->push(new Tracked('handed to a 2-case select'));
    $many[5]->push(new Tracked('handed to a 12-case select'));
    echo "values handed over, now throwing\n";
    throw new RuntimeException("abort");
});

try {
    Coroutine::sleep(10);
} catch (RuntimeException $e) {
    echo "main caught: ", $e->getMessage(), "\n";
}
// The order of destruction is not specified.
sort(Tracked::$finally);
echo "finally blocks ran: ", implode(", ", Tracked::$finally), "\n";
sort(Tracked::$released);
echo implode("\n", Tracked::$released), "\n";
$left = 0;
foreach ([$a, $out, ...$many] as $ch) {
    $s = $ch->stats();
    $left += $s['pushers'] + $s['poppers'];
}
echo "left registered: $left\n";
echo "coroutines: ", Coroutine::count(), "\n";
?>
--EXPECT--
values handed over, now throwing
main caught: abort
finally blocks ran: the 12-case select, the sending select, the woken select
handed to a 12-case select
handed to a 2-case select
offered by a parked send case
left registered: 0
coroutines: 0
