<?php
/**
 * Issue 15's runaway loop: how far memory_limit lets a script go that
 * starts coroutines which park in pop(), as a new user would write it (main
 * yields every 1,000 go() calls, so they start and park). For each
 * memory_limit a child PHP runs the loop until PHP stops it (or until --cap
 * coroutines, for builds that memory_limit does not stop), and reports how
 * many coroutines it made and its peak RSS (getrusage's ru_maxrss, read in
 * a shutdown function, which runs after the fatal error too).
 *
 *   php benchmarks/memory_limit.php [--so=PATH] [--limits=128M,1G] [--cap=1000000] [--out=FILE]
 *
 *   --so=PATH     chan.so (default: .build-release/modules/chan.so)
 *   --limits=L    memory_limit values, comma-separated
 *   --cap=N       stop the loop after N coroutines (a build that memory_limit
 *                 does not stop would take the machine)
 *   --out=FILE    also write the markdown table there ("-": stdout only)
 */

declare(strict_types=1);

require __DIR__ . '/lib.php'; // bench_path()

$opt = ['so' => dirname(__DIR__) . '/.build-release/modules/chan.so', 'limits' => '128M,1G', 'cap' => '1000000', 'out' => '-'];
foreach (array_slice($argv, 1) as $arg) {
    if (!preg_match('/^--(so|limits|cap|out)=(.*)$/', $arg, $m)) {
        fwrite(STDERR, "usage: php benchmarks/memory_limit.php [--so=PATH] [--limits=128M,1G] [--cap=N] [--out=FILE]\n");
        exit(2);
    }
    $opt[$m[1]] = $m[2];
}

$child = <<<'PHP'
$cap = (int) $argv[1];
$ch = new Chan\Channel();
$n = 0;
register_shutdown_function(function () use (&$n) {
    $r = getrusage();
    $err = error_get_last();
    echo json_encode(['coroutines' => $n, 'maxrss_kb' => $r['ru_maxrss'],
        'stopped_by' => $err && str_contains($err['message'], 'Allowed memory size') ? 'memory_limit' : 'cap']), "\n";
});
for (; $n < $cap; $n++) {
    Chan\go(fn () => $ch->pop());
    if ($n % 1000 === 999) {
        Chan\Coroutine::yield();
    }
}
exit(0); // the parked coroutines are not run at script end
PHP;

$rows = [];
foreach (explode(',', $opt['limits']) as $limit) {
    $cmd = [PHP_BINARY, '-n', '-d', 'extension=' . $opt['so'], '-d', 'memory_limit=' . $limit, '-d', 'display_errors=stderr',
        '-r', $child, (string) (int) $opt['cap']];
    $t = microtime(true);
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($p);
    $r = json_decode(trim((string) strrchr("\n" . trim($out), "\n")), true);
    $bytes = (int) $limit * (str_ends_with($limit, 'G') ? 1 << 30 : (str_ends_with($limit, 'M') ? 1 << 20 : 1));
    $rows[] = sprintf('| %s | %s | %s | %s | %.2f | %d | %.0f s |', $limit, number_format($r['coroutines'] ?? 0),
        $r['stopped_by'] ?? '?', number_format(($r['maxrss_kb'] ?? 0) / 1024, 0), ($r['maxrss_kb'] ?? 0) * 1024 / $bytes, $rc,
        microtime(true) - $t);
    fwrite(STDERR, end($rows) . "\n" . (str_contains($err, 'Fatal') ? '  ' . trim(strtok($err, "\n")) . "\n" : ''));
}

$md = 'Command: `php benchmarks/memory_limit.php --so=' . bench_path($opt['so']) . " --limits={$opt['limits']} --cap={$opt['cap']}`, "
    . gmdate('Y-m-d H:i') . " UTC, chan.so sha1 " . substr((string) sha1_file($opt['so']), 0, 12) . ".\n\n"
    . "| memory_limit | coroutines | stopped by | peak RSS MB | RSS / limit | exit status | time |\n"
    . "|---|--:|---|--:|--:|--:|--:|\n" . implode("\n", $rows) . "\n";
echo $md;
if ($opt['out'] !== '-') {
    file_put_contents($opt['out'], $md);
}
