--TEST--
The stream helpers refuse bad arguments with TypeError or ValueError naming the argument: not a stream, a stream with no descriptor, a length below 1, a negative timeout, a persistent client, a context or session stream of the wrong kind
--EXTENSIONS--
chan
--FILE--
<?php
$try = function (string $what, callable $f) {
    try {
        $f();
        echo "$what: no error\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
};
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
$try('fread int', fn() => Chan\fread(1, 10));
$try('fread memory', fn() => Chan\fread(fopen('php://memory', 'r+'), 10));
$try('fread length 0', fn() => Chan\fread($a, 0));
$try('fread timeout', fn() => Chan\fread($a, 1, -1.0));
$try('fgets length 0', fn() => Chan\fgets($a, 0));
$try('fwrite array', fn() => Chan\fwrite([], 'x'));
$try('accept string', fn() => Chan\stream_socket_accept('x'));
$try('client persistent', fn() => Chan\stream_socket_client('tcp://127.0.0.1:1', $c, $m, 1, STREAM_CLIENT_CONNECT | STREAM_CLIENT_PERSISTENT));
$try('crypto no method', fn() => Chan\stream_socket_enable_crypto($a, true));
$closed = stream_context_create();
$try('client closed context', fn() => Chan\stream_socket_client('tcp://127.0.0.1:1', $c, $m, 1, STREAM_CLIENT_CONNECT, $b));
$try('crypto session not a stream', fn() => Chan\stream_socket_enable_crypto($a, true, STREAM_CRYPTO_METHOD_TLS_CLIENT, $closed));
fclose($b);
$try('fread closed', function () use ($b) { Chan\fread($b, 1); });
?>
--EXPECT--
fread int: TypeError: Chan\fread(): Argument #1 ($stream) must be a stream resource, int given
fread memory: ValueError: Chan\fread(): Argument #1 ($stream) must be a stream with a file descriptor
fread length 0: ValueError: Chan\fread(): Argument #2 ($length) must be greater than 0
fread timeout: ValueError: Chan\fread(): Argument #3 ($timeout) must be null or greater than or equal to 0
fgets length 0: ValueError: Chan\fgets(): Argument #2 ($length) must be greater than 0
fwrite array: TypeError: Chan\fwrite(): Argument #1 ($stream) must be a stream resource, array given
accept string: TypeError: Chan\stream_socket_accept(): Argument #1 ($socket) must be a stream resource, string given
client persistent: ValueError: Chan\stream_socket_client(): Argument #5 ($flags) cannot have STREAM_CLIENT_PERSISTENT: a persistent connection is shared
crypto no method: ValueError: Chan\stream_socket_enable_crypto(): Argument #3 ($crypto_method) must be given when the stream's context has no ssl crypto_method
client closed context: TypeError: Chan\stream_socket_client(): Argument #6 ($context) must be a stream context resource or null
crypto session not a stream: TypeError: Chan\stream_socket_enable_crypto(): Argument #4 ($session_stream) must be an open stream resource or null
fread closed: TypeError: Chan\fread(): Argument #1 ($stream) must be an open stream or a Socket, closed resource given
