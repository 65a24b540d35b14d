--TEST--
Coroutine::trace() of a coroutine parked in a foreach over a channel starts with a Chan\ChannelIterator->next() frame at the foreach's file and line (a foreach has no call frame of its own); the coroutine's function, the last frame, is shown as called at the file and line of its go(), for a coroutine parked in pop() too; $options are honoured (no args with DEBUG_BACKTRACE_IGNORE_ARGS)
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;

$ch = new Channel();
$lines = [];
$lines['go foreach'] = __LINE__; $inForeach = go(function () use ($ch, &$lines) {
    $lines['foreach'] = __LINE__; foreach ($ch as $v) {
        echo "got $v\n";
    }
});
$lines['go pop'] = __LINE__; $inPop = go(function () use ($ch, &$lines) {
    try {
        $lines['pop'] = __LINE__; $ch->pop();
    } catch (Chan\ClosedException $e) {
        echo "pop ended by close\n";
    }
});
Coroutine::yield();

$show = function (array $frame) {
    $where = isset($frame['file']) ? basename($frame['file']) . ':' . $frame['line'] : '[no file]';
    $function = str_starts_with($frame['function'], '{closure') ? '{closure}' : $frame['function'];   // 8.4+: {closure:FILE:LINE}
    return ($frame['class'] ?? '') . ($frame['type'] ?? '') . $function . ' at ' . $where
        . (array_key_exists('args', $frame) ? ' with args' : '');
};
$name = basename(__FILE__);
foreach (['foreach' => $inForeach, 'pop' => $inPop] as $what => $id) {
    $trace = Coroutine::trace($id);
    echo "$what: top ", $show($trace[0]) === "Chan\\ChannelIterator->next at $name:{$lines['foreach']} with args" && $what === 'foreach'
        || $show($trace[0]) === "Chan\\Channel->pop at $name:{$lines['pop']} with args" ? "as expected" : "WRONG: " . $show($trace[0]), "\n";
    $last = end($trace);
    echo "$what: last ", $show($last) === "{closure} at $name:" . $lines["go $what"] . " with args" ? "names its go()" : "WRONG: " . $show($last), "\n";
}
$bare = Coroutine::trace($inForeach, DEBUG_BACKTRACE_IGNORE_ARGS);
echo "ignore args: ", $show($bare[0]) === "Chan\\ChannelIterator->next at $name:{$lines['foreach']}" ? "no args" : "WRONG: " . $show($bare[0]), "\n";
$ch->close();
?>
--EXPECT--
foreach: top as expected
foreach: last names its go()
pop: top as expected
pop: last names its go()
ignore args: no args
pop ended by close
