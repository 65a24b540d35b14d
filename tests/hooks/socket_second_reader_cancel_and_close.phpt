--TEST--
The stream family's rules hold for ext-sockets: while coroutine A is parked in socket_read($x), coroutine B's socket_read($x) throws Chan\Error "Cannot read from a socket that coroutine #<A> is reading from: one context at a time per socket and direction" and A is undisturbed (it gets C's data); Coroutine::cancel() of a coroutine parked in socket_read() ends it quietly by its Chan\CancelledException; withTimeout(0.1, ...) around socket_accept() throws Chan\TimeoutException; socket_close() by another coroutine wakes a parked socket_read(), which then fails as PHP's call on a closed socket does (Error "socket_read(): Argument #1 ($socket) has already been closed")
--EXTENSIONS--
chan
sockets
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

socket_create_pair(AF_UNIX, SOCK_STREAM, 0, $pair);
[$x, $y] = $pair;
$a = go(function () use ($x) {
    $got = socket_read($x, 100);
    echo "A got $got\n";
});
go(function () use ($x, $a) {
    try {
        socket_read($x, 100);
        echo "B read\n";
    } catch (Chan\Error $e) {
        echo "B: ", str_replace("#$a ", "#<A> ", $e->getMessage()), "\n";
    }
});
go(fn () => socket_write($y, "C's data"));
Chan\run(fn () => null);

$id = go(function () use ($x) {
    try {
        socket_read($x, 100);
        echo "cancelled read returned\n";
    } finally {
        echo "cancelled read ends\n";
    }
});
Coroutine::yield();
Coroutine::cancel($id);
Chan\run(fn () => null);
echo "the cancelled coroutine ended quietly\n";

$srv = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_bind($srv, '127.0.0.1', 0);
socket_listen($srv);
Chan\run(function () use ($srv) {
    try {
        Chan\withTimeout(0.1, fn () => socket_accept($srv));
        echo "accept returned\n";
    } catch (Chan\TimeoutException $e) {
        echo "accept: ", get_class($e), "\n";
    }
});

go(function () use ($x) {
    try {
        var_dump(socket_read($x, 100));
    } catch (Throwable $t) {
        echo "closed under it: ", get_class($t), ": ", $t->getMessage(), "\n";
    }
});
go(fn () => socket_close($x));
Chan\run(fn () => null);
?>
--EXPECT--
B: Cannot read from a socket that coroutine #<A> is reading from: one context at a time per socket and direction
A got C's data
cancelled read ends
the cancelled coroutine ended quietly
accept: Chan\TimeoutException
closed under it: Error: socket_read(): Argument #1 ($socket) has already been closed
