--TEST--
A coroutine parked in fread() on a stream_socket_pair() end whose peer another coroutine then closes gets "" with feof() true; then fgets() false, fread() "", stream_get_contents() "", stream_get_line() false and meta eof true, exactly the results PHP's own calls give (the same sequence in main with no coroutine alive); and a coroutine parked in stream_get_contents() while the peer writes in two steps then closes gets both parts, as PHP's own gets them
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

function after_eof($a): string {
    return json_encode([fread($a, 100), feof($a), fgets($a), fread($a, 100), stream_get_contents($a),
                        stream_get_line($a, 100, "\n"), stream_get_meta_data($a)['eof']]);
}

// PHP's own: no coroutine alive
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fclose($b);
$php = after_eof($a);
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, "part one, ");
fwrite($b, "part two");
fclose($b);
$phpAll = var_export(stream_get_contents($a), true);

// hooked
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a, $php) {
    echo "R reads\n";
    $hooked = after_eof($a);
    echo "R: ", $hooked === $php ? "same as PHP's: $hooked" : "DIFFERENT: PHP's $php, hooked $hooked", "\n";
});
go(function () use ($b) {
    echo "W closes\n";
    fclose($b);
});
Chan\run(fn () => null);

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
go(function () use ($a, $phpAll) {
    echo "R reads all\n";
    $r = var_export(stream_get_contents($a), true);
    echo "R: ", $r === $phpAll ? "same as PHP's: $r" : "DIFFERENT: PHP's $phpAll, hooked $r", "\n";
});
go(function () use ($b) {
    fwrite($b, "part one, ");
    echo "W wrote part one\n";
    usleep(100000);
    fwrite($b, "part two");
    echo "W wrote part two, closes\n";
    fclose($b);
});
Chan\run(fn () => null);
?>
--EXPECT--
R reads
W closes
R: same as PHP's: ["",true,false,"","",false,true]
R reads all
W wrote part one
W wrote part two, closes
R: same as PHP's: 'part one, part two'
