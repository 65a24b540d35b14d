--TEST--
Every blocking call is a checkpoint on entry even when it would not wait: with a cancellation pending, push(0) with room, pop(0) with a value, select() with timeout 0 (a case ready or not), WaitGroup::wait() on a zero counter, waitReadable()/waitWritable() with timeout 0 on a ready stream, Chan\fread() with data there, sleep(0), yield(), Group::wait() with no member and Group::go() on a group with room throw Chan\CancelledException and change nothing; a loop of such calls ends
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\Group;
use Chan\WaitGroup;
use function Chan\go;
use function Chan\select;

$ch = new Channel(2);
$ch->push('buffered');
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($b, 'data');

$calls = [
    'push(0) with room' => fn () => $ch->push('x', 0),
    'pop(0) with a value' => fn () => $ch->pop(0),
    'select(ready, 0)' => fn () => select([$ch], 0),
    'select(nothing ready, 0)' => fn () => select([new Channel(0)], 0),
    'WaitGroup::wait() at zero' => fn () => (new WaitGroup())->wait(),
    'WaitGroup::wait(0) at zero' => fn () => (new WaitGroup())->wait(0),
    'waitReadable(ready, 0)' => fn () => Coroutine::waitReadable($a, 0),
    'waitWritable(ready, 0)' => fn () => Coroutine::waitWritable($a, 0),
    'sleep(0)' => fn () => Coroutine::sleep(0),
    'yield()' => fn () => Coroutine::yield(),
    'Group::wait() with no member' => fn () => (new Group())->wait(),
    'Group::go()' => fn () => (new Group())->go(fn () => print("member must not start\n")),
    'Chan\fread(ready)' => fn () => Chan\fread($a, 100, 0),
];
foreach ($calls as $name => $call) {
    go(function () use ($name, $call) {
        Coroutine::cancel(Coroutine::id());
        try {
            $call();
            echo "$name: returned\n";
        } catch (Chan\CancelledException $e) {
            echo "$name: ", get_class($e), "\n";
        }
    });
}
Coroutine::sleep(0.01);
echo "buffered: ", count($ch), ", still readable: ", fread($a, 100), "\n";

// A loop that never has to wait still ends.
$ch2 = new Channel(1);
$id = go(function () use ($ch2) {
    $n = 0;
    try {
        for (;;) {
            $ch2->push($n, 0);
            $ch2->pop(0);
            $n++;
            if ($n === 100) {
                Coroutine::cancel(Coroutine::id());
            }
        }
    } catch (Chan\CancelledException $e) {
        echo "loop ended after $n rounds\n";
    }
});
Chan\run(fn () => null);
echo "live: ", Coroutine::count(), "\n";
?>
--EXPECT--
push(0) with room: Chan\CancelledException
pop(0) with a value: Chan\CancelledException
select(ready, 0): Chan\CancelledException
select(nothing ready, 0): Chan\CancelledException
WaitGroup::wait() at zero: Chan\CancelledException
WaitGroup::wait(0) at zero: Chan\CancelledException
waitReadable(ready, 0): Chan\CancelledException
waitWritable(ready, 0): Chan\CancelledException
sleep(0): Chan\CancelledException
yield(): Chan\CancelledException
Group::wait() with no member: Chan\CancelledException
Group::go(): Chan\CancelledException
Chan\fread(ready): Chan\CancelledException
buffered: 1, still readable: data
loop ended after 100 rounds
live: 0
