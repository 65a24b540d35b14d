--TEST--
The values a select offers in its send cases are the select's own until it returns, then released in case order; a value a receiver took lives on with the receiver (diff_fuzz seed 424242, program 8670: the model released the fired case's value first)
--DESCRIPTION--
Main's select offers new V(60) on one unbuffered channel and new V(61) on
another and parks; a coroutine's tryPop() takes 61, which decides the
select. The select still holds both offers until main runs again: the
unsent 60 is not released by the tryPop, and 61, which the coroutine has
already dropped, goes when the select returns, after 60.
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

final class V
{
    public function __construct(public int $n) {}
    public function __destruct() { echo "release v{$this->n}\n"; }
}

$ch2 = new Channel();
$ch3 = new Channel();
go(function () use ($ch3) {
    (function () use ($ch3) {
        $ch3->tryPop($v);
        echo "coroutine took v{$v->n}\n";
    })();
    echo "coroutine dropped it\n";
    Coroutine::yield();
    echo "coroutine resumed\n";
});
$r = select(['a' => [$ch2, new V(60)], 'b' => [$ch3, new V(61)], 'c' => $ch2]);
echo "select -> {$r[0]}\n";

// A select that does not wait: the offers of the cases not chosen go when it returns.
$b = new Channel(1);
$r = select(['x' => [new Channel(), new V(70)], 'y' => [$b, new V(71)]]);
echo "ready case: {$r[0]}\n";
$v = $b->pop();
echo "buffered: v{$v->n}\n";
unset($v);
echo "end of main\n";
?>
--EXPECT--
coroutine took v61
coroutine dropped it
release v60
release v61
select -> b
release v70
ready case: y
buffered: v71
release v71
end of main
coroutine resumed
