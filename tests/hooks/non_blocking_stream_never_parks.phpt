--TEST--
A stream made non-blocking with stream_set_blocking($s, false) never parks: in coroutine A with nothing to read, fread() returns "" and fgets() / stream_get_line() false and stream_get_contents() "" at once, and fwrite() of 1 MB with nobody reading returns the part the socket buffer took (less than 1 MB); coroutine B runs only after A has finished ("A before / A ... / A done / B"); the results are those PHP's own calls give (main, no coroutine alive)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

function attempt(): string {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_blocking($a, false);
    stream_set_blocking($b, false);
    $n = fwrite($b, str_repeat('x', 1 << 20));
    [$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_blocking($c, false);
    return json_encode([fread($c, 10), fgets($c), stream_get_line($c, 10, "\n"), stream_get_contents($c),
                        is_int($n) && $n > 0 && $n < (1 << 20), stream_get_meta_data($c)]);
}
$php = attempt();
go(function () use ($php) {
    echo "A before\n";
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_blocking($a, false);
    echo "A fread: ", var_export(fread($a, 10), true), "\n";
    echo "A fgets: ", var_export(fgets($a), true), "\n";
    echo "A stream_get_line: ", var_export(stream_get_line($a, 10, "\n"), true), "\n";
    echo "A stream_get_contents: ", var_export(stream_get_contents($a), true), "\n";
    stream_set_blocking($b, false);
    $n = fwrite($b, str_repeat('x', 1 << 20));
    echo "A fwrite 1 MB: ", is_int($n) && $n > 0 && $n < (1 << 20) ? "partial" : var_export($n, true), "\n";
    $hooked = attempt();
    echo "A done: ", $hooked === $php ? "same as PHP's" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
});
go(function () {
    echo "B\n";
});
Chan\run(fn () => null);
?>
--EXPECT--
A before
A fread: ''
A fgets: false
A stream_get_line: false
A stream_get_contents: ''
A fwrite 1 MB: partial
A done: same as PHP's
B
