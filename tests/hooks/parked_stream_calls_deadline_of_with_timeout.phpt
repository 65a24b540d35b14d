--TEST--
withTimeout(0.2, fn () => fread($a, 10)) with nobody writing throws Chan\TimeoutException, in a coroutine and in main while a coroutine lives; the same for fgets(), a 1 MB fwrite() nobody reads, and stream_socket_accept($server, 30) nobody connects to (its extra "Accept failed" warning silenced here: see cancelled_accept_gives_no_unknown_error_warning.phpt); the stream's own timeout (60 s) is not what ended them; the socket of an interrupted read or write is shut down, so its peer then reads EOF
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;
use function Chan\withTimeout;

$t = hrtime(true);
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$calls = [
    'fread' => fn ($s) => fread($s, 10),
    'fgets' => fn ($s) => fgets($s),
    'fwrite' => fn ($s) => fwrite($s, str_repeat('x', 1 << 20)),
    'accept' => fn ($s) => @stream_socket_accept($s, 30),   // its warning: cancelled_accept_gives_no_unknown_error_warning.phpt
];
function attempt(string $where, string $name, callable $call, $server): void {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    stream_set_timeout($a, 60);
    try {
        withTimeout(0.2, function () use ($call, $name, $a, $server) {
            $r = $call($name === 'accept' ? $server : $a);
            echo "$name returned ", var_export($r, true), "\n";
        });
        echo "$where $name: no exception\n";
    } catch (Chan\TimeoutException $e) {
        echo "$where $name: ", get_class($e), "\n";
    }
    if ($name !== 'accept') {
        $got = stream_get_contents($b);   // blocks the process if the socket was not shut down
        echo "  peer reads ", $name === 'fwrite' ? ($got !== '' ? "what was sent" : "nothing") : strlen($got) . " bytes",
             " then EOF: ", var_export(feof($b), true), "\n";
    }
}
Chan\run(function () use ($calls, $server) {
    foreach ($calls as $name => $call) {
        attempt('coroutine', $name, $call, $server);
    }
});
$ch = new Chan\Channel();
go(fn () => $ch->pop());   // alive, parked until main pushes
foreach ($calls as $name => $call) {
    attempt('main', $name, $call, $server);
}
$ch->push(1);
Chan\run(fn () => null);
// A generous bound: a call that was not interrupted waits 30 s or more.
var_dump((hrtime(true) - $t) / 1e9 < 25);
?>
--EXPECT--
coroutine fread: Chan\TimeoutException
  peer reads 0 bytes then EOF: true
coroutine fgets: Chan\TimeoutException
  peer reads 0 bytes then EOF: true
coroutine fwrite: Chan\TimeoutException
  peer reads what was sent then EOF: true
coroutine accept: Chan\TimeoutException
main fread: Chan\TimeoutException
  peer reads 0 bytes then EOF: true
main fgets: Chan\TimeoutException
  peer reads 0 bytes then EOF: true
main fwrite: Chan\TimeoutException
  peer reads what was sent then EOF: true
main accept: Chan\TimeoutException
bool(true)
