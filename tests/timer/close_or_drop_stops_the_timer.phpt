--TEST--
Closing a timer channel stops its timer: an after() closed before it fires never delivers (count stays 0, pop() gives Chan\ClosedException) and no longer counts as something that will happen (a pop() on another channel is a deadlock); a tick() closed keeps the value it already holds, then ends. A timer channel nobody holds is freed with its timer: 100,000 pending after(60) channels dropped give their memory back, and a million-round loop of select() on a channel and a fresh after() does not grow memory
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\{after, tick, select};

$a = after(0.02);
var_dump($a->close());
Chan\run(fn () => Chan\Coroutine::sleep(0.1));
echo "closed after(): ", count($a), "\n";
try {
    $a->pop();
} catch (Chan\ClosedException $e) {
    echo get_class($e), "\n";
}
try {
    (new Channel())->pop();
} catch (Chan\DeadlockError $e) {
    echo "deadlock: ", strtok($e->getMessage(), "\n"), "\n";
}

$t = tick(0.01);
Chan\run(fn () => Chan\Coroutine::sleep(0.05));
$t->close();
echo "closed tick() holds: ", count($t), "\n";
var_dump(is_float($t->pop()));
Chan\run(fn () => Chan\Coroutine::sleep(0.05));
echo "then: ", count($t), "\n";

$keep = [];
for ($i = 0; $i < 100000; $i++) {   // PHP's object store grows to this many objects once, and stays
    $keep[] = new Channel(1);
}
$keep = null;
$base = memory_get_usage();
$keep = [];
for ($i = 0; $i < 100000; $i++) {
    $keep[] = after(60);
}
$keep = null;
echo "100,000 dropped after(60): ", memory_get_usage() - $base < 4096 ? "memory back" : "KEPT " . (memory_get_usage() - $base), "\n";

$ch = new Channel();
$base = memory_get_usage();
// without Zend MM (valgrind) memory_get_usage() is void and valgrind's own leak check is the judge
$rounds = getenv('USE_ZEND_ALLOC') === '0' ? 20000 : 1000000;
for ($i = 0; $i < $rounds; $i++) {
    select([$ch, after(10)], 0);
}
echo "a million select() rounds: ", memory_get_usage() - $base < 4096 ? "no growth" : "GREW " . (memory_get_usage() - $base), "\n";
?>
--EXPECT--
bool(true)
closed after(): 0
Chan\ClosedException
deadlock: all coroutines are asleep - deadlock!
closed tick() holds: 1
bool(true)
then: 0
100,000 dropped after(60): memory back
a million select() rounds: no growth
