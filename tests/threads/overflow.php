<?php
// Run by embed_threads --mode=overflow on a worker thread (never the main
// thread, never the first thread to use chan) with chan.stack_size=64K:
// coroutine #2 recurses without end through internal callbacks, so it runs
// into its guard pages. chan's SIGSEGV handler must run on this thread's
// alternate signal stack, print the fatal error and exit 255.
function deep(int $n): int
{
    return array_sum(array_map(fn($x) => deep($n + 1), [1]));
}

$t = (int) $_SERVER['CHAN_THREAD'];
Chan\go(function () use ($t) { echo "first coroutine ran on thread $t\n"; });
Chan\go(function () use ($t) {
    echo "recursing on thread $t\n";
    deep(0);
});
Chan\go(function () { echo "third coroutine must not run\n"; });
Chan\run(fn() => null);
echo "main must not continue\n";
