--TEST--
Inside withTimeout(), a call whose own $timeout expires before the deadline behaves as its own timeout does: select() returns null, pop() and push() throw their own "timed out" message, WaitGroup::wait() and waitReadable() theirs; the deadline fires later as usual
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;
use function Chan\select;
use function Chan\withTimeout;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
try {
    withTimeout(2, function () use ($a) {
        $ch = new Channel(0);
        var_dump(select([$ch], 0.02));
        foreach ([
            'pop' => fn () => $ch->pop(0.02),
            'push' => fn () => $ch->push('x', 0.02),
            'WaitGroup::wait' => fn () => (new WaitGroup(1))->wait(0.02),
            'waitReadable' => fn () => Coroutine::waitReadable($a, 0.02),
            'Chan\fread' => fn () => Chan\fread($a, 10, 0.02),
            'Group::wait' => function () {
                $g = new Chan\Group();
                $g->go(fn () => Coroutine::sleep(0.1));
                $g->wait(0.02);
            },
        ] as $name => $call) {
            try {
                $call();
                echo "$name returned\n";
            } catch (Chan\TimeoutException $e) {
                echo "$name: ", $e->getMessage(), "\n";
            }
        }
        Coroutine::sleep(30);
    });
} catch (Chan\TimeoutException $e) {
    echo "then the deadline: ", $e->getMessage(), "\n";
}
?>
--EXPECT--
NULL
pop: Chan\Channel::pop() timed out
push: Chan\Channel::push() timed out
WaitGroup::wait: Chan\WaitGroup::wait() timed out
waitReadable: Chan\Coroutine::waitReadable() timed out
Chan\fread: Chan\fread() timed out
Group::wait: Chan\Group::wait() timed out
then the deadline: The deadline of Chan\withTimeout() has passed
