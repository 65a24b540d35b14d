--TEST--
A parked stream_select() is a checkpoint and sees its streams closed: Coroutine::cancel() of a coroutine parked in stream_select($r, ..., null) ends it quietly by its Chan\CancelledException with $r as it was given; withTimeout(0.1, ...) around stream_select(..., 30) throws Chan\TimeoutException; a stream closed by another coroutine while the select waits on it wakes the select, which then gives PHP's own answer for a closed stream in its array (ValueError "No stream arrays were passed", as without chan); with a non-empty $except the select is PHP's own (it returns 0 after its 0.05 s timeout)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$id = go(function () use ($a) {
    $r = ['a' => $a];
    $w = $e = null;
    try {
        stream_select($r, $w, $e, null);
        echo "cancel: select returned\n";
    } finally {
        echo "cancel: \$read still holds ", implode(', ', array_keys($r)), "\n";
    }
});
Coroutine::yield();   // parked in stream_select()
Coroutine::cancel($id);
Chan\run(fn () => null);
echo "cancel: the coroutine ended quietly\n";

Chan\run(function () use ($a) {
    $r = [$a];
    $w = $e = null;
    try {
        Chan\withTimeout(0.1, fn () => stream_select($r, $w, $e, 30));
        echo "deadline: select returned\n";
    } catch (Chan\TimeoutException $t) {
        echo "deadline: ", get_class($t), "\n";
    }
});

[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($c) {
    $r = [$c];
    $w = $e = null;
    try {
        var_dump(stream_select($r, $w, $e, 30));
    } catch (Throwable $t) {
        echo "closed: ", get_class($t), ": ", $t->getMessage(), "\n";
    }
});
go(function () use ($c) {
    fclose($c);
});
Chan\run(fn () => null);
[$x, $y] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fclose($x);
$r = [$x];
$w = $e = null;
try {
    stream_select($r, $w, $e, 0);
} catch (Throwable $t) {
    echo "PHP's own on a closed stream: ", get_class($t), ": ", $t->getMessage(), "\n";
}

Chan\run(function () use ($a) {
    go(fn () => Coroutine::sleep(0.001));
    $r = [$a];
    $w = null;
    $e = [$a];
    var_dump(stream_select($r, $w, $e, 0, 50000));
});
?>
--EXPECT--
cancel: $read still holds a
cancel: the coroutine ended quietly
deadline: Chan\TimeoutException
closed: ValueError: No stream arrays were passed
PHP's own on a closed stream: ValueError: No stream arrays were passed
int(0)
