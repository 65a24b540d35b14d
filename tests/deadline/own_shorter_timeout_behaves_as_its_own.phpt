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
// The calls, each with a timeout of its own (0.02 s), and what they did.
$round = function (bool $print) use ($a): void {
    $ch = new Channel(0);
    $r = select([$ch], 0.02);
    if ($print) {
        var_dump($r);
    }
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
            $line = "$name returned";
        } catch (Chan\TimeoutException $e) {
            $line = "$name: " . $e->getMessage();
        }
        if ($print) {
            echo $line, "\n";
        }
    }
};

// A first round without a deadline, timed: the deadline leaves room for
// three such rounds, so that the calls' own timeouts come first however slow
// the machine (under valgrind the first run of code alone can take a second).
$t = hrtime(true);
$round(false);
$budget = max(0.5, 3 * (hrtime(true) - $t) / 1e9);
try {
    withTimeout($budget, function () use ($round) {
        $round(true);
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
