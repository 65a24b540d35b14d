--TEST--
Chan\stream_socket_accept, Chan\stream_socket_client, Chan\fgets and Chan\fwrite: three clients talk to an echo server in one process, every line comes back to its own client
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\{go, run, stream_socket_accept, stream_socket_client, fgets, fwrite};

$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
$addr = stream_socket_get_name($server, false);

go(function () use ($server) {
    for ($i = 0; $i < 3; $i++) {
        $conn = stream_socket_accept($server, 30, $peer);
        echo "accepted a peer on 127.0.0.1: ", str_starts_with($peer, '127.0.0.1:') ? "yes" : $peer, "\n";
        go(function () use ($conn) {
            while (($line = fgets($conn, null, 30)) !== false && $line !== '') {
                fwrite($conn, strtoupper($line), 30);
            }
            fclose($conn);
        });
    }
});

$replies = [];
for ($k = 0; $k < 3; $k++) {
    go(function () use ($addr, $k, &$replies) {
        $c = stream_socket_client("tcp://$addr", $errno, $errstr, 30);
        for ($j = 0; $j < 3; $j++) {
            fwrite($c, "client $k line $j\n");
            $replies[$k][] = fgets($c, null, 30);
        }
        fclose($c);
    });
}
run(fn() => null);
ksort($replies);
foreach ($replies as $k => $lines) {
    echo $k, ": ", implode(' | ', array_map('trim', $lines)), "\n";
}
var_dump(Chan\Coroutine::count());
?>
--EXPECT--
accepted a peer on 127.0.0.1: yes
accepted a peer on 127.0.0.1: yes
accepted a peer on 127.0.0.1: yes
0: CLIENT 0 LINE 0 | CLIENT 0 LINE 1 | CLIENT 0 LINE 2
1: CLIENT 1 LINE 0 | CLIENT 1 LINE 1 | CLIENT 1 LINE 2
2: CLIENT 2 LINE 0 | CLIENT 2 LINE 1 | CLIENT 2 LINE 2
int(0)
