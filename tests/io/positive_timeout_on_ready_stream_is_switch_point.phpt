--TEST--
A wait with a positive or null timeout on a stream that is already ready is still a switch point: a coroutine queued before the wait runs before the wait returns, so a wait-and-retry loop cannot starve others
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, "data");     // $a readable (in the kernel); both ends writable

$cases = [
    'waitReadable($a, 5)' => fn () => Coroutine::waitReadable($a, 5),
    'waitReadable($a, null)' => fn () => Coroutine::waitReadable($a),
    'waitWritable($b, 5)' => fn () => Coroutine::waitWritable($b, 5),
    'waitWritable($b, null)' => fn () => Coroutine::waitWritable($b),
];
foreach ($cases as $what => $wait) {
    $ran = false;
    go(function () use (&$ran) { $ran = true; });
    $wait();
    echo "main $what: queued coroutine ran first: ", var_export($ran, true), "\n";
}

// A coroutine that retries a ready wait in a loop lets the others run.
$stop = false;
$spins = 0;
go(function () use ($a, &$stop, &$spins) {
    while (!$stop) {
        Coroutine::waitReadable($a, 1);
        $spins++;
    }
});
go(function () use (&$stop) {
    Coroutine::sleep(0.01);
    echo "sleeper woke despite the loop\n";
    $stop = true;
});
Chan\run(fn () => null);
echo "loop went round: ", var_export($spins > 0, true), "\n";
var_dump(fread($a, 10));
?>
--EXPECT--
main waitReadable($a, 5): queued coroutine ran first: true
main waitReadable($a, null): queued coroutine ran first: true
main waitWritable($b, 5): queued coroutine ran first: true
main waitWritable($b, null): queued coroutine ran first: true
sleeper woke despite the loop
loop went round: true
string(4) "data"
