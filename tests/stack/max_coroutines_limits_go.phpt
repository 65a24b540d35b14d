--TEST--
chan.max_coroutines: go() beyond the limit throws Chan\Error; finished coroutines free their places; 0 means no limit
--EXTENSIONS--
chan
--INI--
chan.max_coroutines=2
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

$ch = new Channel();
go(fn() => $ch->pop());
go(fn() => $ch->pop());
try {
    go(fn() => $ch->pop());
} catch (Chan\Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(Chan\Coroutine::count());

// run() counts as a coroutine too
try {
    Chan\run(fn() => 1);
} catch (Chan\Error $e) {
    echo 'run: ', $e->getMessage(), "\n";
}

$ch->push(1);
$ch->push(2);
Chan\Coroutine::yield();
var_dump(Chan\Coroutine::count());
var_dump(Chan\run(fn() => 'room again'));

var_dump(ini_set('chan.max_coroutines', '-1'));
var_dump(ini_get('chan.max_coroutines'));
ini_set('chan.max_coroutines', '0');
for ($i = 0; $i < 100; $i++) {
    go(fn() => null);
}
var_dump(Chan\Coroutine::count());
?>
--EXPECTF--
Chan\Error: Cannot start a coroutine: chan.max_coroutines (2) are running
int(2)
run: Cannot start a coroutine: chan.max_coroutines (2) are running
int(0)
string(10) "room again"

Warning: Invalid "chan.max_coroutines" setting: must be 0 (no limit) or more in %s on line %d
bool(false)
string(1) "2"
int(100)
