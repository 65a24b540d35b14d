--TEST--
stream_set_timeout($a, 0, 200000) and a read nobody answers: in a coroutine, fread($a, 10) parks (coroutine B runs meanwhile: "A reads / B runs / A timed out") and when the timeout passes returns exactly what PHP's own fread() returns (same call in main with chan.hooks "none": false), with stream_get_meta_data() identical to PHP's (timed_out true, blocked true, eof false); the same for fgets() (false) and stream_get_line() (false); the stream still works afterwards (data written later is read, timed_out false again)
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

$reads = [
    'fread' => fn ($s) => fread($s, 10),
    'fgets' => fn ($s) => fgets($s),
    'stream_get_line' => fn ($s) => stream_get_line($s, 10, "\n"),
];
function timed_out_read(callable $read): array {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_timeout($a, 0, 200000);
    $r = $read($a);
    $meta = stream_get_meta_data($a);
    fwrite($b, "later\n");
    $after = [fread($a, 6), stream_get_meta_data($a)['timed_out']];
    return [json_encode($r), json_encode($meta), json_encode($after)];
}

foreach ($reads as $name => $read) {
    ini_set('chan.hooks', 'none');
    $php = timed_out_read($read);
    ini_set('chan.hooks', 'all');
    go(function () use ($name, $read, $php) {
        echo "A reads ($name)\n";
        $hooked = timed_out_read($read);
        echo "A timed out\n";
        foreach (['result' => 0, 'meta' => 1, 'afterwards' => 2] as $what => $i) {
            echo "  $what: ", $hooked[$i] === $php[$i] ? "same as PHP's: {$hooked[$i]}" : "DIFFERENT: PHP's {$php[$i]}, hooked {$hooked[$i]}", "\n";
        }
    });
    go(function () {
        echo "B runs\n";
    });
    Chan\run(fn () => null);
}
?>
--EXPECT--
A reads (fread)
B runs
A timed out
  result: same as PHP's: false
  meta: same as PHP's: {"timed_out":true,"blocked":true,"eof":false,"stream_type":"generic_socket","mode":"r+","unread_bytes":0,"seekable":false}
  afterwards: same as PHP's: ["later\n",false]
A reads (fgets)
B runs
A timed out
  result: same as PHP's: false
  meta: same as PHP's: {"timed_out":true,"blocked":true,"eof":false,"stream_type":"generic_socket","mode":"r+","unread_bytes":0,"seekable":false}
  afterwards: same as PHP's: ["later\n",false]
A reads (stream_get_line)
B runs
A timed out
  result: same as PHP's: false
  meta: same as PHP's: {"timed_out":true,"blocked":true,"eof":false,"stream_type":"generic_socket","mode":"r+","unread_bytes":0,"seekable":false}
  afterwards: same as PHP's: ["later\n",false]
