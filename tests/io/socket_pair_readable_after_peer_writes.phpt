--TEST--
waitReadable() on a stream_socket_pair() end parks the coroutine until the peer writes, other coroutines running meanwhile, then the read gets the data
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($a, false);

go(function () use ($a) {
    echo "reader waits\n";
    Coroutine::waitReadable($a);
    // non-blocking: a wake-up without data would read ""
    var_dump(fread($a, 100));
});
go(function () use ($b) {
    echo "writer runs while the reader waits\n";
    Coroutine::sleep(0.02);
    fwrite($b, "hello");
    echo "writer wrote\n";
});
Chan\run(fn () => null);
var_dump(Coroutine::count());
?>
--EXPECT--
reader waits
writer runs while the reader waits
writer wrote
string(5) "hello"
int(0)
