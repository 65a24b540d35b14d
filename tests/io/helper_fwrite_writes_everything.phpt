--TEST--
Chan\fwrite writes all of a buffer far larger than the socket's buffer, parking while a slow reader drains it; every byte arrives in order
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
// 800,000 bytes, no two chunks alike; made in one call, not 200,000
// appends (valgrind's realloc copies every time).
$data = pack('N*', ...range(0, 199999));
$received = '';
Chan\go(function () use ($b, &$received) {
    while (($chunk = Chan\fread($b, 65536, 30)) !== '') {
        $received .= $chunk;
        Coroutine::yield();   // slow reader
    }
});
var_dump(Chan\fwrite($a, $data, 30) === strlen($data));
echo "the reader ran while the writer was parked: ", $received !== '' ? "yes" : "no", "\n";
fclose($a);
Chan\run(fn() => null);
var_dump(strlen($received), $received === $data);
?>
--EXPECT--
bool(true)
the reader ran while the writer was parked: yes
int(800000)
bool(true)
