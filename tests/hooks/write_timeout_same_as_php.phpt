--TEST--
stream_set_timeout($b, 0, 200000) and a 1 MB fwrite() nobody reads: in a coroutine it parks (coroutine B runs meanwhile: "A writes / B runs / A timed out"), and when the timeout passes fwrite() returns what PHP's own returns (same call in main, no coroutine alive: the bytes the socket took), with PHP's notice ("Send of N bytes failed with errno=11 ...", same text) and timed_out true in stream_get_meta_data()
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

function timed_out_write(): array {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_timeout($b, 0, 200000);
    $notices = [];
    set_error_handler(function ($no, $msg) use (&$notices) {
        $notices[] = "$no: $msg";
        return true;
    });
    $n = fwrite($b, str_repeat('x', 1 << 20));
    restore_error_handler();
    return [$n, json_encode($notices), stream_get_meta_data($b)['timed_out']];
}

$php = timed_out_write();
go(function () use ($php) {
    echo "A writes\n";
    $hooked = timed_out_write();
    echo "A timed out\n";
    echo "  returned: ", $hooked[0] === $php[0] ? "same as PHP's" : "DIFFERENT: PHP's {$php[0]}, hooked {$hooked[0]}",
         ", ", is_int($hooked[0]) && $hooked[0] > 0 && $hooked[0] < (1 << 20) ? "part of 1 MB" : "not a part", "\n";
    echo "  notices: ", $hooked[1] === $php[1] ? "same as PHP's" : "DIFFERENT: PHP's {$php[1]}, hooked {$hooked[1]}", "\n";
    echo "  timed_out: ", var_export($hooked[2], true), ", PHP's ", var_export($php[2], true), "\n";
});
go(function () {
    echo "B runs\n";
});
Chan\run(fn () => null);
echo $php[1], "\n";
?>
--EXPECTF--
A writes
B runs
A timed out
  returned: same as PHP's, part of 1 MB
  notices: same as PHP's
  timed_out: true, PHP's true
["%d: fwrite(): Send of %d bytes failed with errno=11 Resource temporarily unavailable"]
