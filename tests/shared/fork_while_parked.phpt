--TEST--
SharedChannel: a fork from a coroutine while another is parked in pop() keeps the waiter counts right in both processes (the child's copy of the parked context counts in the child's entry and leaves with it), and the parked popper still gets a value a later child pushes
--EXTENSIONS--
chan
pcntl
--FILE--
<?php
$ch = new Chan\SharedChannel(4);
$got = null;
Chan\run(function () use ($ch, &$got) {
    Chan\go(function () use ($ch, &$got) { $got = $ch->pop(10); });
    Chan\go(function () use ($ch) {
        Chan\Coroutine::yield();
        echo "parent poppers before fork: ", $ch->stats()['poppers'], "\n";
        $pid = pcntl_fork();
        if ($pid === 0) {
            echo "child sees poppers: ", $ch->stats()['poppers'], "\n";
            exit(0);
        }
        pcntl_waitpid($pid, $st);
        echo "parent poppers after child exit: ", $ch->stats()['poppers'], "\n";
        $pid = pcntl_fork();
        if ($pid === 0) { $ch->push('hello'); exit(0); }
        pcntl_waitpid($pid, $st);
    });
});
echo "got: $got\n";
--EXPECT--
parent poppers before fork: 1
child sees poppers: 2
parent poppers after child exit: 1
got: hello
