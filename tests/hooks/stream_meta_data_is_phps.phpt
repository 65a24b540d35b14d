--TEST--
The hook keeps PHP's stream labels: stream_get_meta_data() of hooked streams shows PHP's own stream_type ("tcp_socket" or "tcp_socket/ssl" with OpenSSL, for stream_socket_server/client/accept and fsockopen; "udp_socket"; "unix_socket" for unix:// server, client and accepted end; "udg_socket"; "generic_socket" for stream_socket_pair()), mode "r+", blocked true, seekable false, in main and in a coroutine alike
--EXTENSIONS--
chan
--FILE--
<?php
function kinds(): array {
    $dir = sys_get_temp_dir();
    $tag = getmypid() . '_' . Chan\Coroutine::id();
    $s = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) explode(':', stream_socket_get_name($s, false))[1];
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    $acc = stream_socket_accept($s);
    $f = fsockopen('127.0.0.1', $port);
    $u = stream_socket_server('udp://127.0.0.1:0', $e, $es, STREAM_SERVER_BIND);
    $uc = stream_socket_client('udp://' . stream_socket_get_name($u, false));
    $path = "$dir/chan_hooks_meta_$tag.sock";
    $us = stream_socket_server("unix://$path");
    $ucl = stream_socket_client("unix://$path");
    $uacc = stream_socket_accept($us);
    $gpath = "$dir/chan_hooks_meta_$tag.dgram";
    $g = stream_socket_server("udg://$gpath", $e, $es, STREAM_SERVER_BIND);
    [$p] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $out = [];
    foreach (['tcp server' => $s, 'tcp client' => $c, 'tcp accepted' => $acc, 'fsockopen' => $f, 'udp server' => $u,
              'udp client' => $uc, 'unix server' => $us, 'unix client' => $ucl, 'unix accepted' => $uacc,
              'udg server' => $g, 'pair' => $p] as $what => $st) {
        $m = stream_get_meta_data($st);
        $out[] = "$what: " . json_encode([$m['stream_type'], $m['mode'], $m['blocked'], $m['seekable']]);
    }
    @unlink($path);
    @unlink($gpath);
    return $out;
}
$main = kinds();
$co = Chan\run('kinds');
echo implode("\n", $main), "\n";
echo $co === $main ? "same in a coroutine" : "DIFFERENT in a coroutine:\n" . implode("\n", $co), "\n";
?>
--EXPECTF--
tcp server: ["tcp_socket%S","r+",true,false]
tcp client: ["tcp_socket%S","r+",true,false]
tcp accepted: ["tcp_socket%S","r+",true,false]
fsockopen: ["tcp_socket%S","r+",true,false]
udp server: ["udp_socket","r+",true,false]
udp client: ["udp_socket","r+",true,false]
unix server: ["unix_socket","r+",true,false]
unix client: ["unix_socket","r+",true,false]
unix accepted: ["unix_socket","r+",true,false]
udg server: ["udg_socket","r+",true,false]
pair: ["generic_socket","r+",true,false]
same in a coroutine
