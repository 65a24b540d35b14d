--TEST--
waitReadable() on an ext-sockets Socket (socket_create_pair) parks the coroutine until the peer writes; with timeout 0 it throws TimeoutException before and returns after
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$a, $b] = $pair;
socket_set_nonblock($a);

try {
    Coroutine::waitReadable($a, 0);
    echo "readable at once?\n";
} catch (Chan\TimeoutException $e) {
    echo "before: ", $e->getMessage(), "\n";
}
go(function () use ($a) {
    echo "reader waits\n";
    Coroutine::waitReadable($a);
    var_dump(socket_read($a, 100));
});
go(function () use ($b) {
    Coroutine::sleep(0.02);
    socket_write($b, "hello");
    echo "writer wrote\n";
});
Chan\run(fn () => null);
socket_write($b, "more");
Coroutine::waitReadable($a, 0);
echo "after: ready\n";
var_dump(socket_read($a, 100));
?>
--EXPECT--
before: Chan\Coroutine::waitReadable() timed out
reader waits
writer wrote
string(5) "hello"
after: ready
string(4) "more"
