--TEST--
Coroutine::local()'s values are destroyed when their context ends: a coroutine's when its function returns, throws (its exception then reaches run() as usual) or is ended by Coroutine::cancel(), before anything that waited for it runs on; nothing is left of the ArrayObject (a WeakReference to it is null); a destructor there that throws ends the coroutine with that exception; main's values are destroyed at script end, after its last line
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

class Noisy
{
    public function __construct(private string $name) {}
    public function __destruct() { echo "  destroyed {$this->name}\n"; }
}
class Throwing
{
    public function __destruct() { throw new RuntimeException('thrown by a destructor'); }
}

Coroutine::local()['v'] = new Noisy("main's value");
$weak = [];
Chan\run(function () use (&$weak) {
    $done = new Channel(1);
    go(function () use ($done, &$weak) {
        Coroutine::local()['v'] = new Noisy('the value of one that returns');
        $weak[] = WeakReference::create(Coroutine::local());
        $done->push('it returned');   // buffered: it returns before the pop below wakes
    });
    echo $done->pop(), "\n";
});
try {
    Chan\run(function () use (&$weak) {
        go(function () use (&$weak) {
            Coroutine::local()['v'] = new Noisy('the value of one that throws');
            $weak[] = WeakReference::create(Coroutine::local());
            throw new LogicException('its own exception');
        });
        Coroutine::sleep(30);
    });
} catch (LogicException $e) {
    echo "run() got: ", $e->getMessage(), "\n";
}
Chan\run(function () use (&$weak) {
    $id = go(function () use (&$weak) {
        Coroutine::local()['v'] = new Noisy('the value of a cancelled one');
        $weak[] = WeakReference::create(Coroutine::local());
        Coroutine::sleep(30);
    });
    Coroutine::yield();
    Coroutine::cancel($id);
    Coroutine::yield();
    echo "after the cancel\n";
});
try {
    Chan\run(function () {
        go(function () {
            Coroutine::local()['v'] = new Throwing;
        });
        Coroutine::sleep(30);
    });
} catch (RuntimeException $e) {
    echo "run() got: ", $e->getMessage(), "\n";
}
echo "left of them: ", json_encode(array_map(fn ($w) => $w->get(), $weak)), "\n";
echo "main's last line\n";
?>
--EXPECT--
  destroyed the value of one that returns
it returned
  destroyed the value of one that throws
run() got: its own exception
  destroyed the value of a cancelled one
after the cancel
run() got: thrown by a destructor
left of them: [null,null,null]
main's last line
  destroyed main's value
