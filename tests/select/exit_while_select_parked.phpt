--TEST--
exit() in a coroutine while selects are parked (few and many cases, one already handed a value) ends the script cleanly: no select returns, shutdown functions run, nothing crashes or leaks
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;
use function Chan\select;

register_shutdown_function(function () { echo "shutdown function runs\n"; });
$small = [new Channel(0), new Channel(1)];
$many = [];
for ($i = 0; $i < 20; $i++) {
    $many[] = new Channel($i % 2);
}
go(function () use ($small) { select($small); echo "small select must not return\n"; });
go(function () use ($many) { select($many, 30); echo "big select must not return\n"; });
go(function () { select([[new Channel(0), str_repeat('x', 100)], new Channel(0)]); echo "must not return\n"; });
go(function () use ($small) {
    $small[0]->push(['handed', 'over']);
    exit("exit from a coroutine\n");
});
select([new Channel(0)]);
echo "main must not resume\n";
?>
--EXPECT--
exit from a coroutine
shutdown function runs
