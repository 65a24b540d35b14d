--TEST--
End of file counts as readable: when the peer closes (a socket pair end, a child's pipe), the waiting coroutine wakes normally (no exception) and its read sees EOF
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a) {
    Coroutine::waitReadable($a);
    var_dump(fread($a, 10), feof($a));
});
go(function () use ($b) {
    Coroutine::sleep(0.01);
    echo "peer closes\n";
    fclose($b);
});
Chan\run(fn () => null);

// a child that exits without writing anything
$proc = proc_open([PHP_BINARY, '-n', '-r', 'usleep(50000);'], [1 => ['pipe', 'w']], $pipes);
Chan\run(function () use ($pipes) {
    Coroutine::waitReadable($pipes[1]);
    var_dump(stream_get_contents($pipes[1]), feof($pipes[1]));
});
fclose($pipes[1]);
var_dump(proc_close($proc));
?>
--EXPECT--
peer closes
string(0) ""
bool(true)
string(0) ""
bool(true)
int(0)
