--TEST--
go() returns at once an id >= 1, and each call returns a larger id than the one before
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$ids = [];
for ($i = 0; $i < 5; $i++) {
    $ids[] = go(function () {});
}
var_dump(is_int($ids[0]) && $ids[0] >= 1);
$increasing = true;
for ($i = 1; $i < count($ids); $i++) {
    $increasing = $increasing && $ids[$i] > $ids[$i - 1];
}
var_dump($increasing);

// ids keep increasing after earlier coroutines have finished
Chan\Coroutine::yield();
$later = go(function () {});
var_dump($later > $ids[4]);
// a coroutine spawned from a coroutine gets a larger id too
$child = null;
go(function () use (&$child) { $child = go(function () {}); });
Chan\Coroutine::yield();
var_dump($child > $later);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
