--TEST--
A wait that timed out on a second descriptor of a socket (php://fd/N) leaves nothing behind once that descriptor is closed (by fclose() or by the resource's destructor): when the socket later becomes readable, a new stream that got the same descriptor number is not woken
--EXTENSIONS--
chan
--SKIPIF--
<?php if (!is_dir('/proc/self/fd')) die('skip needs /proc/self/fd'); ?>
--FILE--
<?php
use Chan\Coroutine;
use function Chan\go;

// The open socket descriptors (scandir()'s own directory descriptor is no socket).
function fds(): array {
    $fds = [];
    foreach (scandir('/proc/self/fd') as $n) {
        if (preg_match('/^\d+$/', $n) && str_starts_with((string) @readlink("/proc/self/fd/$n"), 'socket:')) {
            $fds[] = (int) $n;
        }
    }
    return $fds;
}

function run_case(string $close): void {
    echo "-- closed by $close\n";
    $before = fds();
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pairFds = array_values(array_diff(fds(), $before));

    // A second descriptor for one of the pair's sockets, waited on until timeout.
    $before = fds();
    $dup = fopen("php://fd/{$pairFds[0]}", 'r');
    $dupFd = array_values(array_diff(fds(), $before))[0];
    try {
        Coroutine::waitReadable($dup, 0.01);
        echo "dup: ready?\n";
    } catch (Chan\TimeoutException) {     // no variable: its trace would keep $dup open
        echo "dup: timed out\n";
    }
    if ($close === 'fclose') {
        fclose($dup);
    } else {
        unset($dup);
    }
    echo "dup closed: ", var_export(!in_array($dupFd, fds(), true), true), "\n";

    // New streams until one gets the number the dup had.
    $fresh = [];
    do {
        $fresh[] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    } while (!in_array($dupFd, fds(), true) && count($fresh) < 10);
    echo "number reused: ", var_export(in_array($dupFd, fds(), true), true), "\n";
    [$c, $d] = end($fresh);
    stream_set_blocking($c, false);
    stream_set_blocking($d, false);

    foreach (['c' => $c, 'd' => $d] as $name => $s) {
        go(function () use ($s, $name) {
            try {
                Coroutine::waitReadable($s, 0.5);
                echo "$name: woke, read ", var_export(fread($s, 10), true), "\n";
            } catch (Chan\TimeoutException) {
                echo "$name: timed out (nothing was sent to it)\n";
            }
        });
    }
    go(function () use ($a, $b) {
        Coroutine::sleep(0.01);
        fwrite($a, "to b");     // whichever socket the dup was of is readable now
        fwrite($b, "to a");
    });
    Chan\run(fn () => null);
    var_dump(fread($a, 10), fread($b, 10));
}

// the event loop's own descriptor (if it has one) is opened by a first wait
[$x, $y] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($y, "x");
Coroutine::waitReadable($x);

run_case('the destructor');
run_case('fclose');
?>
--EXPECT--
-- closed by the destructor
dup: timed out
dup closed: true
number reused: true
c: timed out (nothing was sent to it)
d: timed out (nothing was sent to it)
string(4) "to a"
string(4) "to b"
-- closed by fclose
dup: timed out
dup closed: true
number reused: true
c: timed out (nothing was sent to it)
d: timed out (nothing was sent to it)
string(4) "to a"
string(4) "to b"
