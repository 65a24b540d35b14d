--TEST--
php://temp, like php://memory, is a stream with no descriptor: waitReadable()/waitWritable() throw ValueError naming $stream, and the wait opens no descriptor (the stream is not spilled to a temporary file)
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!is_dir('/proc/self/fd')) die('skip needs /proc/self/fd'); ?>
--FILE--
<?php
use Chan\Coroutine;

// the event loop's own descriptor (if it has one) is opened by a first wait
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, "x");
Coroutine::waitReadable($a);

$temp = fopen('php://temp', 'w+');
fwrite($temp, "data");
$fds = count(scandir('/proc/self/fd'));
foreach (['waitReadable', 'waitWritable'] as $m) {
    foreach ([0, 1, null] as $timeout) {
        try {
            Coroutine::$m($temp, $timeout);
            echo "$m: returned\n";
        } catch (Throwable $e) {
            echo "$m: ", get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
echo "descriptors opened: ", count(scandir('/proc/self/fd')) - $fds, "\n";
rewind($temp);
var_dump(fread($temp, 10));
?>
--EXPECT--
waitReadable: ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream with a file descriptor
waitReadable: ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream with a file descriptor
waitReadable: ValueError: Chan\Coroutine::waitReadable(): Argument #1 ($stream) must be a stream with a file descriptor
waitWritable: ValueError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream with a file descriptor
waitWritable: ValueError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream with a file descriptor
waitWritable: ValueError: Chan\Coroutine::waitWritable(): Argument #1 ($stream) must be a stream with a file descriptor
descriptors opened: 0
string(4) "data"
