--TEST--
Coroutine::id() is 0 in main and, inside a coroutine, the id go() returned for it
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

var_dump(Coroutine::id());
$seen = [];
$ids = [];
for ($i = 0; $i < 3; $i++) {
    $ids[$i] = go(function () use ($i, &$seen) {
        $seen[$i] = Coroutine::id();
        Coroutine::yield();
        // still the same after a switch
        $seen[$i] = [$seen[$i], Coroutine::id()];
    });
}
var_dump(Coroutine::id()); // go() does not change main's id
Chan\run(fn () => null);
for ($i = 0; $i < 3; $i++) {
    var_dump($seen[$i] === [$ids[$i], $ids[$i]]);
}
var_dump(Coroutine::id());
// run()'s function is a coroutine too
$runId = Chan\run(fn () => Coroutine::id());
var_dump($runId > $ids[2]);
?>
--EXPECT--
int(0)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
