--TEST--
SharedChannel: a coroutine waiting in pop() parks only itself (others of its process keep running and unblock the pushing child); close() from a child wakes a parked popper and pusher with ClosedException in the parent
--EXTENSIONS--
chan
pcntl
--FILE--
<?php
use Chan\SharedChannel;
use function Chan\go;

foreach ([false, true] as $lock) {
    $data = new SharedChannel(1, $lock);
    $go = new SharedChannel(1, $lock);
    $full = new SharedChannel(1, $lock);
    $full->push('filler');
    $pid = pcntl_fork();
    if ($pid === 0) {
        $go->pop();                 // only after the parent's ticker ran
        $data->push('from child');
        $go->pop();                 // then: close everything
        $data->close();
        $full->close();
        exit(0);
    }
    Chan\run(function () use ($data, $go) {
        go(function () use ($data) {
            echo "popper waits\n";
            $v = $data->pop();
            echo "popper got: $v\n";
        });
        go(function () use ($go) {
            for ($i = 1; $i <= 3; $i++) {
                echo "ticker $i\n";
                Chan\Coroutine::yield();
            }
            $go->push('go');
        });
    });
    // Both parked when the child closes: a popper on the empty channel, a
    // pusher on the full one.
    $msgs = [];
    Chan\run(function () use ($data, $full, $go, &$msgs) {
        go(function () use ($data, &$msgs) {
            try { $data->pop(); } catch (Chan\ClosedException $e) { $msgs['popper'] = $e->getMessage(); }
        });
        go(function () use ($full, &$msgs) {
            try { $full->push('x'); } catch (Chan\ClosedException $e) { $msgs['pusher'] = $e->getMessage(); }
        });
        go(fn() => $go->push('close'));
    });
    echo "popper: $msgs[popper]\npusher: $msgs[pusher]\n";
    pcntl_waitpid($pid, $status);
    var_dump($data->isClosed(), $full->isClosed(), $full->pop(), pcntl_wexitstatus($status));
}
--EXPECT--
popper waits
ticker 1
ticker 2
ticker 3
popper got: from child
popper: Cannot pop from a closed and empty channel
pusher: Cannot push to a closed channel
bool(true)
bool(true)
string(6) "filler"
int(0)
popper waits
ticker 1
ticker 2
ticker 3
popper got: from child
popper: Cannot pop from a closed and empty channel
pusher: Cannot push to a closed channel
bool(true)
bool(true)
string(6) "filler"
int(0)
