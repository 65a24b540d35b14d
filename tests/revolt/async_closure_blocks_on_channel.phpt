--TEST--
Revolt: amphp's async() mechanism (a queued closure completing a future awaited in a suspension) with chan's blocking calls inside
--SKIPIF--
<?php define('REVOLT_SKIPIF', 1); require __DIR__ . '/lib.php'; revolt_skipif(); ?>
--XLEAK--
Revolt's EventLoop::setDriver() (lib.php calls it) leaves a garbage driver of
Revolt's own (closures and Fibers in a cycle) that PHP does not free at
shutdown; with the Zend allocator off (valgrind) that shows as definitely
lost blocks. Revolt with its own StreamSelectDriver and no chan leaks so too.
--FILE--
<?php
require __DIR__ . '/lib.php';

use Chan\Channel;
use Chan\Coroutine;
use Revolt\EventLoop;

// amphp v3's async() starts no Fiber: it queues a closure with EventLoop::queue() that calls the task and
// completes the future's state with its result (or error); Future::await() subscribes a callback, queued in
// turn when the state completes, that resumes the awaiting context's EventLoop::getSuspension(). The same
// mechanism, written out here (amphp is not packaged for Debian). With ChanDriver, queued closures run in
// a chan coroutine, so chan's blocking calls work inside the task (docs/coming-from-amphp.md, "async() on
// chan"; revolt-driver/README.md).
final class Task
{
    private ?array $outcome = null;   // [true, value] or [false, Throwable]
    private array $waiters = [];

    public static function start(Closure $fn): self
    {
        $task = new self();
        EventLoop::queue(static function () use ($task, $fn): void {
            try {
                $task->settle([true, $fn()]);
            } catch (Throwable $e) {
                $task->settle([false, $e]);
            }
        });
        return $task;
    }

    private function settle(array $outcome): void
    {
        $this->outcome = $outcome;
        foreach ($this->waiters as $notify) {
            EventLoop::queue($notify, $outcome);
        }
        $this->waiters = [];
    }

    public function await(): mixed
    {
        $suspension = EventLoop::getSuspension();
        $notify = static fn (array $o) => $o[0] ? $suspension->resume($o[1]) : $suspension->throw($o[1]);
        if ($this->outcome) {
            EventLoop::queue($notify, $this->outcome);
        } else {
            $this->waiters[] = $notify;
        }
        return $suspension->suspend();
    }
}

// 1. A task blocks in Channel::pop() until a chan coroutine pushes; main awaits it.
$ch = new Channel();
Chan\go(function () use ($ch) {
    Coroutine::sleep(0.01);
    $ch->push('pushed by a coroutine');
});
$task = Task::start(function () use ($ch) {
    return [Fiber::getCurrent(), Coroutine::id() > 0, $ch->pop()];
});
var_dump($task->await());

// 2. The same from a chan coroutine, with chan's sleep, select and a WaitGroup in the task; an exception
// thrown after them reaches await().
echo Chan\run(function () {
    $wg = new Chan\WaitGroup(1);
    Chan\go(fn () => $wg->done());
    $task = Task::start(function () use ($wg) {
        Coroutine::sleep(0.001);
        var_dump(Chan\select([new Channel()], 0.001));
        $wg->wait();
        throw new RuntimeException('thrown after blocking in chan');
    });
    try {
        $task->await();
    } catch (RuntimeException $e) {
        return $e->getMessage() . "\n";
    }
});

// 3. A task blocked in chan holds up the closures queued after it (the callbacks of a tick run one after
// the other): the second task starts only once the first has its value.
$ch = new Channel();
$log = [];
$first = Task::start(function () use ($ch, &$log) {
    $log[] = 'first: waits';
    $log[] = 'first: got ' . $ch->pop();
});
$second = Task::start(function () use (&$log) {
    $log[] = 'second: runs';
});
Chan\go(function () use ($ch, &$log) {
    Coroutine::yield(); // the loop's runner (queued before this coroutine yields) starts the first task
    $log[] = 'coroutine: pushes';
    $ch->push('x');
});
$first->await();
$second->await();
echo implode("\n", $log), "\n";

// 4. ... so a task waiting for what a later task would push can never be woken: Revolt's error, with chan's
// deadlock report as its previous exception.
$ch = new Channel();
$popper = Task::start(fn () => $ch->pop());
$pusher = Task::start(fn () => $ch->push('never'));
try {
    $popper->await();
} catch (Error $e) {
    echo get_class($e), ': ', strtok($e->getMessage(), ':'), "\n";
    echo get_class($e->getPrevious()), ': ', strtok($e->getPrevious()->getMessage(), "\n"), "\n";
}

// 5. Where chan's Chan\Error does hold: on Revolt's own driver, queued closures run in Revolt's callback
// Fiber, which chan does not own.
EventLoop::setDriver(new Revolt\EventLoop\Driver\StreamSelectDriver());
$task = Task::start(function () {
    Coroutine::sleep(0.001);
});
try {
    $task->await();
} catch (Chan\Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
array(3) {
  [0]=>
  NULL
  [1]=>
  bool(true)
  [2]=>
  string(21) "pushed by a coroutine"
}
NULL
thrown after blocking in chan
first: waits
coroutine: pushes
first: got x
second: runs
Error: Event loop terminated without resuming the current suspension (the cause is either a fiber deadlock, or an incorrectly unreferenced/canceled watcher)
Chan\DeadlockError: all coroutines are asleep - deadlock!
Chan\Error: Cannot block inside a Fiber that the Chan scheduler does not own
