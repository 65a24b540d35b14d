--TEST--
main in a blocking fread() that nobody will answer, with no stream_set_timeout(), while the only coroutine is parked forever (itself in a fread() nobody answers): no Chan\DeadlockError, PHP's default_socket_timeout (1 s here) applies to both, each fread() returning false with timed_out true as PHP's own fread() does on that stream (main, no coroutine alive); the same when the only coroutine is parked in a channel pop() only main could feed: main's fread() times out (no DeadlockError), then main pushes and the coroutine gets the value
--EXTENSIONS--
chan
--INI--
default_socket_timeout=1
--FILE--
<?php
use function Chan\go;

$t = hrtime(true);
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$php = json_encode([fread($a, 10), stream_get_meta_data($a)['timed_out']]);
echo "PHP's own: $php\n";

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$co = null;
go(function () use ($c, &$co) {
    echo "co reads\n";
    $r = fread($c, 10);
    $co = json_encode([$r, stream_get_meta_data($c)['timed_out']]);
});
echo "main reads\n";
try {
    $r = fread($a, 10);
    echo "main: ", json_encode([$r, stream_get_meta_data($a)['timed_out']]), "\n";
} catch (Throwable $e) {
    echo "main: ", get_class($e), ": ", $e->getMessage(), "\n";
}
Chan\run(fn () => null);
echo "co: $co\n";

// the only coroutine parked on a channel only main could feed
$ch = new Chan\Channel();
go(function () use ($ch) {
    $v = $ch->pop();
    echo "co got $v\n";
});
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
echo "main reads\n";
try {
    $r = fread($a, 10);
    echo "main: ", json_encode([$r, stream_get_meta_data($a)['timed_out']]), "\n";
} catch (Throwable $e) {
    echo "main: ", get_class($e), ": ", $e->getMessage(), "\n";
}
$ch->push("main's value");
Chan\run(fn () => null);
// each waited for its timeout; a generous lower bound only
var_dump((hrtime(true) - $t) / 1e9 >= 2.5);
echo "done\n";
?>
--EXPECT--
PHP's own: [false,true]
main reads
co reads
main: [false,true]
co: [false,true]
main reads
main: [false,true]
co got main's value
bool(true)
done
