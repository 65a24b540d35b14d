--TEST--
From destructors (on unset, in the garbage collector, inside a coroutine) non-blocking push/pop and go() work; a call that must switch throws Chan\Error
--EXTENSIONS--
chan
--XLEAK--
Under valgrind (USE_ZEND_ALLOC=0) PHP itself leaks the "gc" Probe: an object
that its destructor resurrects during gc_collect_cycles() (here through the
closure given to go(), which holds $this) and that stays in a cycle is never
freed. The same script without chan (the closure kept in a global array
instead) leaks the same way. With the Zend allocator the request heap is
freed as a whole.
--FILE--
<?php
use Chan\{Channel, Coroutine};
use function Chan\go;

$log = new Channel(100);

class Probe {
    public $self;
    public function __construct(public string $name) {}
    public function __destruct() {
        global $log;
        echo "destruct {$this->name}\n";
        $log->push("pushed by {$this->name}");
        echo "popped: ", $log->pop(), "\n";
        go(function () { echo "coroutine from {$this->name} ran\n"; });
        // PHP forbids switching fibers inside destructors: a call that has to
        // block must throw, not crash or corrupt the scheduler.
        $u = new Channel();
        try {
            $v = $u->pop();
            echo "unbuffered pop: $v\n";
        } catch (Chan\Error $e) {
            echo "blocking pop refused: ", get_class($e), "\n";
        }
    }
}

$p = new Probe("unset");
unset($p);
echo "--\n";

$p = new Probe("gc");
$p->self = $p;
unset($p);
gc_collect_cycles();
echo "--\n";

go(function () {
    $p = new Probe("in coroutine");
    unset($p);
    echo "coroutine goes on\n";
});
Coroutine::yield();
echo "--\n";
Coroutine::yield();
echo "end\n";
?>
--EXPECT--
destruct unset
popped: pushed by unset
blocking pop refused: Chan\Error
--
destruct gc
popped: pushed by gc
blocking pop refused: Chan\Error
--
coroutine from unset ran
coroutine from gc ran
destruct in coroutine
popped: pushed by in coroutine
blocking pop refused: Chan\Error
coroutine goes on
--
coroutine from in coroutine ran
end
