--TEST--
Coroutine::local() is the calling context's own ArrayObject: the same object on every call from one context, a separate one in main, in run()'s coroutine and in each coroutine; a coroutine started by go() begins with an empty one (nothing inherited from its starter), and what a coroutine writes is never seen by another
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

Coroutine::local()['who'] = 'main';
var_dump(Coroutine::local() instanceof ArrayObject, Coroutine::local() === Coroutine::local());
$seen = [];
Chan\run(function () use (&$seen) {
    $seen['run at start'] = Coroutine::local()->getArrayCopy();
    Coroutine::local()['who'] = 'run';
    $mine = Coroutine::local();
    for ($i = 1; $i <= 3; $i++) {
        go(function () use ($i, &$seen, $mine) {
            $seen["child $i at start"] = Coroutine::local()->getArrayCopy();
            $seen["child $i has its own"] = Coroutine::local() !== $mine;
            Coroutine::local()['who'] = "child $i";
            Coroutine::yield();   // the others write theirs meanwhile
            $seen["child $i after a switch"] = Coroutine::local()['who'];
        });
    }
    Coroutine::yield();
    $seen['run after its children ran'] = Coroutine::local()['who'];
});
foreach ($seen as $what => $value) {
    echo "$what: ", json_encode($value), "\n";
}
echo "main: ", Coroutine::local()['who'], "\n";
?>
--EXPECT--
bool(true)
bool(true)
run at start: []
child 1 at start: []
child 1 has its own: true
child 2 at start: []
child 2 has its own: true
child 3 at start: []
child 3 has its own: true
run after its children ran: "run"
child 1 after a switch: "child 1"
child 2 after a switch: "child 2"
child 3 after a switch: "child 3"
main: main
