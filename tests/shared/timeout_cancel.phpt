--TEST--
SharedChannel timeouts (0 never waits, > 0 expires with TimeoutException, nothing pushed) and cancellation of a coroutine parked in pop() or push(); the channel works on afterwards
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\SharedChannel;
use Chan\Coroutine;
use function Chan\go;

function show(callable $f) {
    try { $f(); echo "no error\n"; } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
foreach ([false, true] as $lock) {
    $ch = new SharedChannel(1, $lock);
    show(fn() => $ch->pop(0));
    show(fn() => $ch->pop(0.05));
    $ch->push('one');
    show(fn() => $ch->push('two', 0));
    show(fn() => $ch->push('two', 0.05));
    var_dump(count($ch), $ch->pop());

    // A parked popper and, on a full channel, a parked pusher, cancelled.
    $full = new SharedChannel(1, $lock);
    $full->push('kept');
    Chan\run(function () use ($ch, $full) {
        $a = go(function () use ($ch) {
            try { $ch->pop(); } catch (Chan\CancelledException $e) { echo "popper cancelled\n"; throw $e; }
        });
        $b = go(function () use ($full) {
            try { $full->push('never'); } catch (Chan\CancelledException $e) { echo "pusher cancelled\n"; throw $e; }
        });
        Coroutine::yield();
        $s = $ch->stats();
        echo "poppers {$s['poppers']}, pushers {$full->stats()['pushers']}\n";
        Coroutine::cancel($a);
        Coroutine::cancel($b);
    });
    $s = $ch->stats();
    echo "after: poppers {$s['poppers']}, pushers {$full->stats()['pushers']}, full holds ", count($full), "\n";
    var_dump($full->pop());
    $ch->push('again');
    var_dump($ch->pop());
}
--EXPECT--
Chan\TimeoutException: Chan\SharedChannel::pop() timed out
Chan\TimeoutException: Chan\SharedChannel::pop() timed out
Chan\TimeoutException: Chan\SharedChannel::push() timed out
Chan\TimeoutException: Chan\SharedChannel::push() timed out
int(1)
string(3) "one"
poppers 1, pushers 1
popper cancelled
pusher cancelled
after: poppers 0, pushers 0, full holds 1
string(4) "kept"
string(5) "again"
Chan\TimeoutException: Chan\SharedChannel::pop() timed out
Chan\TimeoutException: Chan\SharedChannel::pop() timed out
Chan\TimeoutException: Chan\SharedChannel::push() timed out
Chan\TimeoutException: Chan\SharedChannel::push() timed out
int(1)
string(3) "one"
poppers 1, pushers 1
popper cancelled
pusher cancelled
after: poppers 0, pushers 0, full holds 1
string(4) "kept"
string(5) "again"
