--TEST--
A stream closed by another coroutine after a helper's wait was woken but before that coroutine ran again gives Chan\ClosedException, never a use of the freed stream (Chan\fgets and Chan\stream_socket_accept, the close moved through every point of the hand-off)
--EXTENSIONS--
chan
--INI--
; the yields count from a stream_socket_client() that returns at once (PHP's own)
chan.hooks=none
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

foreach (['fgets', 'accept'] as $kind) {
    $outcomes = [];
    for ($k = 1; $k <= 70; $k++) {
        $srv = stream_socket_server('tcp://127.0.0.1:0');
        $addr = stream_socket_get_name($srv, false);
        Chan\run(function () use ($srv, $addr, $k, $kind, &$outcomes) {
            $client = null;
            $target = $srv;
            if ($kind === 'fgets') {
                $client = stream_socket_client("tcp://$addr");
                $target = stream_socket_accept($srv);
            }
            go(function () use ($target, $kind, &$outcomes) {
                try {
                    $r = $kind === 'accept' ? Chan\stream_socket_accept($target) : Chan\fgets($target);
                    $outcomes['returned ' . gettype($r)] = true;
                } catch (Chan\ClosedException $e) {
                    $outcomes['ClosedException'] = true;
                }
            });
            go(function () use ($target, $addr, $k, $kind, &$client) {
                Coroutine::yield();
                if ($kind === 'accept') {
                    $client = stream_socket_client("tcp://$addr");
                } else {
                    fwrite($client, "line\n");
                }
                for ($i = 0; $i < $k; $i++) {
                    Coroutine::yield();   // the waiter is woken somewhere in here
                }
                fclose($target);
            });
        });
    }
    ksort($outcomes);
    echo $kind, ": ", implode(', ', array_keys($outcomes)), "\n";
}
?>
--EXPECT--
fgets: ClosedException, returned string
accept: ClosedException, returned resource
