--TEST--
On a blocking stream_socket_pair() end, fread(), fgets(), stream_get_contents() and stream_get_line() called in coroutine A with nothing to read park only A: coroutine B runs, writes, and A's call then returns B's data as PHP would ("A before / B writes / A got ..."); with chan.hooks "none" the same read is PHP's own and blocks the process until the stream's timeout (0.2 s here) passes, returning what PHP returns on a timeout ("A before / A got <timeout result> / B writes")
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$reads = [
    'fread' => [fn ($s) => fread($s, 100), fn ($s) => fwrite($s, "hello")],
    'fgets' => [fn ($s) => fgets($s), fn ($s) => fwrite($s, "line\nnext")],
    'stream_get_contents' => [fn ($s) => stream_get_contents($s), function ($s) { fwrite($s, "all of it"); fclose($s); }],
    'stream_get_line' => [fn ($s) => stream_get_line($s, 100, "\n"), fn ($s) => fwrite($s, "one\ntwo")],
];
foreach (['all', 'none'] as $hooks) {
    ini_set('chan.hooks', $hooks);
    foreach ($reads as $name => [$read, $write]) {
        echo "chan.hooks=$hooks, $name\n";
        [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        // hooked: a timeout that never passes here; PHP's own: a short one, so the process does not hang
        $hooks === 'all' ? stream_set_timeout($a, 60) : stream_set_timeout($a, 0, 200000);
        go(function () use ($a, $read) {
            echo "A before\n";
            $r = $read($a);
            echo "A got ", var_export($r, true), "\n";
        });
        go(function () use ($b, $write) {
            echo "B writes\n";
            $write($b);
        });
        Chan\run(fn () => null);
    }
}
?>
--EXPECT--
chan.hooks=all, fread
A before
B writes
A got 'hello'
chan.hooks=all, fgets
A before
B writes
A got 'line
'
chan.hooks=all, stream_get_contents
A before
B writes
A got 'all of it'
chan.hooks=all, stream_get_line
A before
B writes
A got 'one'
chan.hooks=none, fread
A before
A got false
B writes
chan.hooks=none, fgets
A before
A got false
B writes
chan.hooks=none, stream_get_contents
A before
A got ''
B writes
chan.hooks=none, stream_get_line
A before
A got false
B writes
