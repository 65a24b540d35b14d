--TEST--
withTimeout()'s deadline fires in Coroutine::sleep(), WaitGroup::wait(), Group::wait(), Group::go() parked for a slot, waitReadable(), waitWritable(), Chan\fread() and foreach over a channel, in a coroutine, while other coroutines run
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\withTimeout;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$c, $d] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
stream_set_blocking($c, false);
foreach ([65536, 1] as $size) {
    while (fwrite($c, str_repeat('x', $size)) > 0) {
    }
}
$wg = new WaitGroup(1);
$busy = new Group(1);
// Its only member runs until main lets it end, long after every deadline.
$release = new Channel(0);
$busy->go(fn () => $release->pop());
$ch = new Channel(0);

$calls = [
    'sleep' => fn () => Coroutine::sleep(30),
    'WaitGroup::wait' => fn () => $wg->wait(),
    'Group::wait' => fn () => $busy->wait(),
    'Group::go' => fn () => $busy->go(fn () => print("must not start\n")),
    'waitReadable' => fn () => Coroutine::waitReadable($a),
    'waitWritable' => fn () => Coroutine::waitWritable($c),
    'Chan\fread' => fn () => Chan\fread($a, 10),
    'foreach' => function () use ($ch) { foreach ($ch as $v) { echo "got $v\n"; } },
];
$results = [];
foreach ($calls as $name => $call) {
    go(function () use ($name, $call, &$results) {
        $t = hrtime(true);
        try {
            withTimeout(0.05, $call);
            $results[$name] = "returned";
        } catch (Chan\TimeoutException $e) {
            $results[$name] = $e->getMessage() . (hrtime(true) - $t >= 0.04e9 ? "" : " TOO EARLY");
        }
    });
}
$ticks = 0;
$tickerDone = new Channel(1);
go(function () use (&$ticks, &$results, $calls, $tickerDone) {
    // Queued behind the callers, it first runs once they are all parked,
    // before any deadline can wake one (a woken one queues behind it).
    while (count($results) < count($calls)) {
        $ticks++;
        Coroutine::sleep(0.005);
    }
    $tickerDone->push(true);
});
while (count($results) < count($calls)) {
    Coroutine::sleep(0.01);
}
foreach ($calls as $name => $_) {
    echo "$name: {$results[$name]}\n";
}
echo "others ran meanwhile: ", json_encode($ticks > 0), "\n";
$wg->done();
$release->push('done');
$busy->wait();
$tickerDone->pop();   // its last sleep may outlast the loop above on a loaded machine
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
sleep: The deadline of Chan\withTimeout() has passed
WaitGroup::wait: The deadline of Chan\withTimeout() has passed
Group::wait: The deadline of Chan\withTimeout() has passed
Group::go: The deadline of Chan\withTimeout() has passed
waitReadable: The deadline of Chan\withTimeout() has passed
waitWritable: The deadline of Chan\withTimeout() has passed
Chan\fread: The deadline of Chan\withTimeout() has passed
foreach: The deadline of Chan\withTimeout() has passed
others ran meanwhile: true
live: 0
