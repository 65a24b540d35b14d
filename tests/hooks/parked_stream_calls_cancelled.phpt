--TEST--
Coroutine::cancel() (from main, after a yield) of a coroutine parked in fread(), fgets() or a 1 MB fwrite() on a stream_socket_pair() end, or in stream_socket_accept($server, 30) with nobody connecting (its extra "Accept failed" warning silenced here: see cancelled_accept_gives_no_unknown_error_warning.phpt), ends the call with Chan\CancelledException ("Coroutine N was cancelled"); the socket of a cancelled read or write is shut down, so the peer then reads EOF ("" and feof() true after what was already sent); the whole run ends long before any timeout
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

$t = hrtime(true);
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if (!$server) {
    die("server: $errstr\n");
}
$pairs = [];
$calls = [
    'fread' => fn ($s) => fread($s, 100),
    'fgets' => fn ($s) => fgets($s),
    'fwrite' => fn ($s) => fwrite($s, str_repeat('x', 1 << 20)),
    'accept' => fn ($s) => @stream_socket_accept($s, 30),   // its warning: cancelled_accept_gives_no_unknown_error_warning.phpt
];
$ids = [];
foreach ($calls as $name => $call) {
    if ($name === 'accept') {
        $mine = $server;
    } else {
        $pairs[$name] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        $mine = $pairs[$name][0];
    }
    $ids[$name] = go(function () use ($name, $call, $mine) {
        try {
            $r = $call($mine);
            echo "$name returned ", var_export($r, true), "\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), ": ",
                 $e->getMessage() === "Coroutine " . Coroutine::id() . " was cancelled" ? "own id" : $e->getMessage(), "\n";
        }
    });
}
Coroutine::yield();   // every coroutine is now parked in its call
foreach ($ids as $id) {
    Coroutine::cancel($id);
}
Chan\run(fn () => null);
foreach ($pairs as $name => [$mine, $peer]) {
    $got = stream_get_contents($peer);   // blocks the process if the socket was not shut down
    echo "peer of $name: read ", strlen($got), " bytes then EOF: ", var_export(feof($peer), true), "\n";
}
// A generous bound: a call that was not cancelled waits 30 s or more.
var_dump((hrtime(true) - $t) / 1e9 < 25);
?>
--EXPECTF--
fread: Chan\CancelledException: own id
fgets: Chan\CancelledException: own id
fwrite: Chan\CancelledException: own id
accept: Chan\CancelledException: own id
peer of fread: read 0 bytes then EOF: true
peer of fgets: read 0 bytes then EOF: true
peer of fwrite: read %d bytes then EOF: true
bool(true)
