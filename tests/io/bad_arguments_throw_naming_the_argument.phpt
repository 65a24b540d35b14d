--TEST--
waitReadable()/waitWritable() reject values without a descriptor (int, string, array, a non-Socket object, a closed stream, a process resource: TypeError; php://memory: ValueError), a negative or NAN timeout (ValueError naming $timeout), a timeout of the wrong type and wrong argument counts, each naming the argument
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;

function check(string $what, callable $f): void {
    try {
        $f();
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$closed = fopen('php://memory', 'r');
fclose($closed);
$proc = proc_open([PHP_BINARY, '-n', '-r', ''], [], $pipes);
$memory = fopen('php://memory', 'w+');
fwrite($memory, "data");
rewind($memory);

$bad = [
    'int' => 42,
    'string' => 'php://stdin',
    'array' => [$a],
    'object' => new stdClass(),
    'closure' => fn () => $a,
    'null' => null,
    'closed stream' => $closed,
    'process resource' => $proc,
    'php://memory' => $memory,
];
foreach (['waitReadable', 'waitWritable'] as $m) {
    foreach ($bad as $what => $v) {
        check("$m($what)", fn () => Coroutine::$m($v));
        check("$m($what, 0)", fn () => Coroutine::$m($v, 0));
    }
}
check('waitReadable($a, -1)', fn () => Coroutine::waitReadable($a, -1));
check('waitReadable($a, -0.001)', fn () => Coroutine::waitReadable($a, -0.001));
check('waitReadable($a, NAN)', fn () => Coroutine::waitReadable($a, NAN));
check('waitWritable($a, -INF)', fn () => Coroutine::waitWritable($a, -INF));
check('waitWritable($a, NAN)', fn () => Coroutine::waitWritable($a, NAN));
check('waitReadable($a, "soon")', fn () => Coroutine::waitReadable($a, "soon"));
check('waitWritable($a, [])', fn () => Coroutine::waitWritable($a, []));
check('waitReadable(timeout: 1)', fn () => Coroutine::waitReadable(timeout: 1));
check('waitReadable()', fn () => Coroutine::waitReadable());
check('waitWritable()', fn () => Coroutine::waitWritable());
check('waitReadable($a, 1, 2)', fn () => Coroutine::waitReadable($a, 1, 2));
check('waitWritable($a, 1, 2)', fn () => Coroutine::waitWritable($a, 1, 2));

// nothing was lost: php://memory still reads, and the pair still works
var_dump(fread($memory, 10));
fwrite($b, "ok");
Coroutine::waitReadable($a, 0);
var_dump(fread($a, 10));
proc_close($proc);
?>
--EXPECT--
waitReadable(int): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, int given
waitReadable(int, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, int given
waitReadable(string): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, string given
waitReadable(string, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, string given
waitReadable(array): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, array given
waitReadable(array, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, array given
waitReadable(object): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, stdClass given
waitReadable(object, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, stdClass given
waitReadable(closure): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, Closure given
waitReadable(closure, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, Closure given
waitReadable(null): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, null given
waitReadable(null, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream resource or a Socket, null given
waitReadable(closed stream): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
waitReadable(closed stream, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
waitReadable(process resource): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open stream or a Socket, process resource given
waitReadable(process resource, 0): TypeError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be an open stream or a Socket, process resource given
waitReadable(php://memory): ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream with a file descriptor
waitReadable(php://memory, 0): ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream with a file descriptor
waitWritable(int): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, int given
waitWritable(int, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, int given
waitWritable(string): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, string given
waitWritable(string, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, string given
waitWritable(array): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, array given
waitWritable(array, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, array given
waitWritable(object): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, stdClass given
waitWritable(object, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, stdClass given
waitWritable(closure): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, Closure given
waitWritable(closure, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, Closure given
waitWritable(null): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, null given
waitWritable(null, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream resource or a Socket, null given
waitWritable(closed stream): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
waitWritable(closed stream, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
waitWritable(process resource): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be an open stream or a Socket, process resource given
waitWritable(process resource, 0): TypeError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be an open stream or a Socket, process resource given
waitWritable(php://memory): ValueError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream with a file descriptor
waitWritable(php://memory, 0): ValueError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream with a file descriptor
waitReadable($a, -1): ValueError: Chan\Coroutine::waitReadable(): Argument #2 ($timeout) must be null or greater than or equal to 0
waitReadable($a, -0.001): ValueError: Chan\Coroutine::waitReadable(): Argument #2 ($timeout) must be null or greater than or equal to 0
waitReadable($a, NAN): ValueError: Chan\Coroutine::waitReadable(): Argument #2 ($timeout) must be null or greater than or equal to 0
waitWritable($a, -INF): ValueError: Chan\Coroutine::waitWritable(): Argument #2 ($timeout) must be null or greater than or equal to 0
waitWritable($a, NAN): ValueError: Chan\Coroutine::waitWritable(): Argument #2 ($timeout) must be null or greater than or equal to 0
waitReadable($a, "soon"): TypeError: Chan\Coroutine::waitReadable(): Argument #2 ($timeout) must be of type ?float, string given
waitWritable($a, []): TypeError: Chan\Coroutine::waitWritable(): Argument #2 ($timeout) must be of type ?float, array given
waitReadable(timeout: 1): ArgumentCountError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) not passed
waitReadable(): ArgumentCountError: Chan\Coroutine::waitReadable() expects at least 1 argument, 0 given
waitWritable(): ArgumentCountError: Chan\Coroutine::waitWritable() expects at least 1 argument, 0 given
waitReadable($a, 1, 2): ArgumentCountError: Chan\Coroutine::waitReadable() expects at most 2 arguments, 3 given
waitWritable($a, 1, 2): ArgumentCountError: Chan\Coroutine::waitWritable() expects at most 2 arguments, 3 given
string(4) "data"
string(2) "ok"
