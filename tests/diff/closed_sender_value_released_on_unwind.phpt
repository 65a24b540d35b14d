--TEST--
A sender woken by close() releases its value as it unwinds, whatever is parked behind it (diff_fuzz: the model kept it alive until the next parked sender ran)
--DESCRIPTION--
Found by tests/fuzz/diff_fuzz.php (seed 8, program 9010 and seven others):
the pure-PHP model held a parked sender's waiter, with its value, from the
stack of the sender parked behind it, so the value of a select send case (or
a push) closed while waiting was released only when that next sender ran.
The value of a push or select that close() fails belongs to the call alone:
it is released when the call throws (with its exception, when the exception's
trace holds the arguments).
--SKIPIF--
<?php if (!extension_loaded('chan')) die('skip chan not loaded'); ?>
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\run;
use function Chan\select;

final class V
{
    public function __construct(public string $n) {}
    public function __destruct() { echo "release {$this->n}\n"; }
}

$ch = new Channel(1);
$ch->push('filler');
run(function () use ($ch) {
    go(function () use ($ch) {
        try {
            select([[$ch, new V('select value')]]);
        } catch (Chan\ClosedException $e) {
            // With zend.exception_ignore_args=0 the trace holds the arguments.
            $m = $e->getMessage();
            unset($e);
            echo 'select: ', $m, "\n";
        }
    });
    go(function () use ($ch) {
        try {
            $ch->push(new V('push value'));
        } catch (Chan\ClosedException $e) {
            $m = $e->getMessage();
            unset($e);
            echo 'push: ', $m, "\n";
        }
    });
    go(function () use ($ch) {
        try {
            $ch->push('third');
        } catch (Chan\ClosedException $e) {
            $m = $e->getMessage();
            unset($e);
            echo 'third: ', $m, "\n";
        }
    });
    Coroutine::yield();
    echo "closing\n";
    var_dump($ch->close());
});
echo "done\n";
--EXPECT--
closing
bool(true)
release select value
select: The channel was closed while sending in select
release push value
push: The channel was closed while pushing
third: The channel was closed while pushing
done
