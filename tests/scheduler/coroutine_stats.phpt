--TEST--
Coroutine::stats() reports count, peak, switches (growing with each switch) and spawned
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$s0 = Coroutine::stats();
foreach (['count', 'peak', 'switches', 'spawned'] as $k) {
    echo $k, ": ", isset($s0[$k]) && is_int($s0[$k]) ? "int" : "missing", "\n";
}
var_dump($s0['count'], $s0['peak'], $s0['spawned']);

for ($i = 0; $i < 4; $i++) {
    go(function () { Coroutine::yield(); });
}
$s1 = Coroutine::stats();
var_dump($s1['count'], $s1['peak'], $s1['spawned']);

Coroutine::yield(); // all four start and yield
Coroutine::yield(); // all four finish
$s2 = Coroutine::stats();
var_dump($s2['count'], $s2['peak'], $s2['spawned']);
var_dump($s2['switches'] > $s1['switches']);

go(fn () => null);
Coroutine::yield();
$s3 = Coroutine::stats();
var_dump($s3['count'], $s3['peak'], $s3['spawned']);
var_dump($s3['switches'] > $s2['switches']);
var_dump(Coroutine::count() === $s3['count']);
?>
--EXPECT--
count: int
peak: int
switches: int
spawned: int
int(0)
int(0)
int(0)
int(4)
int(4)
int(4)
int(0)
int(4)
int(4)
bool(true)
int(0)
int(4)
int(5)
bool(true)
bool(true)
