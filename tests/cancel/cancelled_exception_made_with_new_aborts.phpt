--TEST--
A Chan\CancelledException made with new and escaping a coroutine is no cancellation: it aborts as any exception does (the others destroyed with their finally blocks, the same object rethrown from main's blocking call), even in a coroutine that was itself cancelled and caught its own
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

foreach (['never cancelled', 'cancelled first'] as $case) {
    echo "-- $case\n";
    $made = new Chan\CancelledException("made with new");
    go(function () {
        try {
            Coroutine::sleep(30);
        } finally {
            echo "bystander: finally runs\n";
        }
    });
    $id = go(function () use ($made, $case) {
        if ($case === 'cancelled first') {
            try {
                Coroutine::sleep(30);
            } catch (Chan\CancelledException $e) {
                echo "caught its own\n";
            }
        } else {
            Coroutine::yield();
        }
        throw $made;
    });
    Coroutine::yield();
    if ($case === 'cancelled first') {
        Coroutine::cancel($id);
    }
    try {
        (new Channel(0))->pop(30);
        echo "pop returned\n";
    } catch (Chan\CancelledException $e) {
        echo "main: ", $e->getMessage(), ", same object: ", json_encode($e === $made), "\n";
    }
    echo "live: ", Coroutine::count(), "\n";
}
?>
--EXPECT--
-- never cancelled
bystander: finally runs
main: made with new, same object: true
live: 0
-- cancelled first
caught its own
bystander: finally runs
main: made with new, same object: true
live: 0
