<?php
/**
 * What the hook layer costs a script that starts no coroutine: PHP's own
 * blocking calls then take PHP's own path, behind one test (chan_hook.h).
 * Instructions per iteration, counted by valgrind's callgrind, of
 *
 *     fwrite() of a line to one end of a unix stream_socket_pair(), fgets()
 *     of it from the other end, and every tenth iteration usleep(0)
 *
 * without chan, with chan and chan.hooks=none, and with chan and
 * chan.hooks=all (the default); each figure is the difference of two runs
 * (N and 2N iterations) divided by N, so PHP's start and the script's
 * compilation drop out. The runs use `php -n` (no php.ini: opcache off);
 * the counts are deterministic to a few instructions, so one run of each is
 * enough and the machine's load does not matter.
 *
 *   php benchmarks/hook_cost.php [--so=PATH/chan.so] [--n=N]
 *
 *   --so=PATH   the extension (default $CHAN_SO, else .build-release/modules/chan.so)
 *   --n=N       iterations of the shorter run (default 20000)
 *
 * About a minute on the 2-CPU machine.
 */

declare(strict_types=1);

if (($argv[1] ?? '') === '--workload') {
    $n = (int) $argv[2];
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    for ($i = 0; $i < $n; $i++) {
        fwrite($a, "ping $i\n");
        if (fgets($b) !== "ping $i\n") {
            fwrite(STDERR, "hook_cost: line $i came back wrong\n");
            exit(1);
        }
        if ($i % 10 === 0) {
            usleep(0);
        }
    }
    exit(0);
}

$so = getenv('CHAN_SO') ?: dirname(__DIR__) . '/.build-release/modules/chan.so';
$n = 20000;
foreach (array_slice($argv, 1) as $arg) {
    if (preg_match('/^--so=(.+)$/', $arg, $m)) {
        $so = $m[1];
    } elseif (preg_match('/^--n=([1-9][0-9]*)$/', $arg, $m)) {
        $n = (int) $m[1];
    } else {
        fwrite(STDERR, "usage: php benchmarks/hook_cost.php [--so=PATH/chan.so] [--n=N]\n");
        exit(2);
    }
}
if (!is_file($so)) {
    fwrite(STDERR, "hook_cost: no chan.so at $so (--so=PATH; scripts/build.sh release)\n");
    exit(2);
}
if (trim((string) shell_exec('command -v valgrind')) === '') {
    fwrite(STDERR, "hook_cost: valgrind is not installed\n");
    exit(2);
}

/** Instructions of one run of the workload with $n iterations. */
function instructions(array $phpArgs, int $n): int
{
    $out = tempnam(sys_get_temp_dir(), 'chan-hook-cost');
    $cmd = array_merge(['valgrind', '--tool=callgrind', "--callgrind-out-file=$out", PHP_BINARY, '-n'], $phpArgs,
        [__FILE__, '--workload', (string) $n]);
    exec(implode(' ', array_map('escapeshellarg', $cmd)) . ' 2>/dev/null', $lines, $status);
    $text = (string) file_get_contents($out);
    unlink($out);
    if ($status !== 0 || !preg_match('/^summary:\s+(\d+)/m', $text, $m)) {
        fwrite(STDERR, "hook_cost: the run failed (exit $status): " . implode(' ', $cmd) . "\n");
        exit(1);
    }
    return (int) $m[1];
}

$configs = [
    'without chan' => [],
    'chan, chan.hooks=none' => ['-d', "extension=$so", '-d', 'chan.hooks=none'],
    'chan, chan.hooks=all' => ['-d', "extension=$so"],
];
$per = [];
foreach ($configs as $name => $args) {
    $per[$name] = (instructions($args, 2 * $n) - instructions($args, $n)) / $n;
}
$base = $per['without chan'];
echo "Instructions per iteration (fwrite + fgets on a socket pair, usleep(0) every tenth), no coroutine,\n";
echo "callgrind, N = $n and " . 2 * $n . ", PHP " . PHP_VERSION . ", $so\n\n";
echo "| PHP | instructions | against PHP without chan |\n| --- | ---: | ---: |\n";
foreach ($per as $name => $ir) {
    printf("| %s | %s | %+.2f%% |\n", $name, number_format($ir, 1), ($ir / $base - 1) * 100);
}
