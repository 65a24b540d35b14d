--TEST--
SharedChannel across 4 processes x 8 coroutines, both rings, capacity 1 and 16: every value pushed is popped exactly once
--EXTENSIONS--
chan
pcntl
--FILE--
<?php
use Chan\SharedChannel;
use function Chan\go;

const PER = 300;           // values per producing coroutine
const CO = 8;              // coroutines per process

// Processes 0 and 1 produce, 2 and 3 consume; each consumer reports the ids
// it popped through a second channel.
foreach ([[false, 1], [false, 16], [true, 1], [true, 16]] as [$lock, $cap]) {
    $ch = new SharedChannel($cap, $lock, 64);
    $report = new SharedChannel(4, false, 1 << 20);
    $pids = [];
    for ($p = 0; $p < 4; $p++) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            $got = [];
            for ($c = 0; $c < CO; $c++) {
                go(function () use ($p, $c, $ch, &$got) {
                    if ($p < 2) {
                        for ($i = 0; $i < PER; $i++) {
                            $ch->push("$p.$c.$i");
                        }
                    } else {
                        try {
                            while (true) {
                                $got[] = $ch->pop();
                            }
                        } catch (Chan\ClosedException) {
                        }
                    }
                });
            }
            Chan\run(fn() => null);
            if ($p >= 2) {
                $report->push($got);
            }
            exit(0);
        }
        $pids[] = $pid;
    }
    // Close once both producers are done: their exit means every push returned.
    pcntl_waitpid($pids[0], $s0);
    pcntl_waitpid($pids[1], $s1);
    $ch->close();
    $all = array_merge($report->pop(10), $report->pop(10));
    pcntl_waitpid($pids[2], $s2);
    pcntl_waitpid($pids[3], $s3);
    $expected = [];
    for ($p = 0; $p < 2; $p++) for ($c = 0; $c < CO; $c++) for ($i = 0; $i < PER; $i++) $expected[] = "$p.$c.$i";
    $counts = array_count_values($all);
    $dups = count(array_filter($counts, fn($n) => $n > 1));
    sort($all);
    sort($expected);
    printf("%s cap %d: popped %d of %d, duplicates %d, same set %s, exits %d%d%d%d\n",
        $lock ? 'mutex' : 'lockfree', $cap, count($all), count($expected), $dups,
        var_export($all === $expected, true),
        pcntl_wexitstatus($s0), pcntl_wexitstatus($s1), pcntl_wexitstatus($s2), pcntl_wexitstatus($s3));
}
--EXPECT--
lockfree cap 1: popped 4800 of 4800, duplicates 0, same set true, exits 0000
lockfree cap 16: popped 4800 of 4800, duplicates 0, same set true, exits 0000
mutex cap 1: popped 4800 of 4800, duplicates 0, same set true, exits 0000
mutex cap 16: popped 4800 of 4800, duplicates 0, same set true, exits 0000
