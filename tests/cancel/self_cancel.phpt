--TEST--
A coroutine may cancel itself: cancel(own id) returns true, the code after it runs, and its next blocking call throws "Coroutine N was cancelled"; uncaught, it ends the coroutine quietly
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

go(function () {
    $id = Coroutine::id();
    var_dump(Coroutine::cancel($id));
    echo "after cancel(self), exists: ", json_encode(Coroutine::exists($id)), "\n";
    try {
        Coroutine::sleep(10);
        echo "sleep returned\n";
    } catch (Chan\CancelledException $e) {
        echo $e->getMessage() === "Coroutine $id was cancelled" ? "message names the coroutine" : $e->getMessage(), "\n";
    }
});
$t = hrtime(true);
go(function () {
    Coroutine::cancel(Coroutine::id());
    try {
        (new Channel(0))->pop();
    } finally {
        echo "uncaught: finally runs\n";
    }
});
Chan\run(fn () => null);
echo "main goes on\n";
var_dump((hrtime(true) - $t) / 1e9 < 5);
?>
--EXPECT--
bool(true)
after cancel(self), exists: true
message names the coroutine
uncaught: finally runs
main goes on
bool(true)
