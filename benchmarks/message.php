<?php
/**
 * How much of chan's distance to Go in S1 and S2 is the message (issue 16).
 * S1 sends ['producer' => $i, 'message' => $j], an array PHP allocates,
 * fills and frees per message; Go sends a two-int struct by value. Here the
 * same shapes (s1_once(), both spawn orders) run with that array and with
 * an int ($i * $M + $j: no allocation), and the Go baseline with its struct
 * and with an int, in one run, the four alternating round by round.
 *
 *   php -n -d extension=.build-release/modules/chan.so benchmarks/message.php [--runs=N] [--out=FILE]
 *
 *   --runs=N    rounds per configuration, medians shown (default 5)
 *   --out=FILE  also write the markdown there (default benchmarks/results/message.md; "-" for nowhere)
 *
 * Beside them, floor (a) with each value: SplQueue push+pop in a plain loop.
 * Lock-free ring only (the rings do not differ at this scale, see S1). M =
 * 100,000 messages at C = 1, 1,000 per producer above. Needs `go` on PATH.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/s1.php';
require __DIR__ . '/gobaseline.php';
require __DIR__ . '/floors.php';

$opt = getopt('', ['runs:', 'out:', 'help']);
if (isset($opt['help'])) {
    bench_usage(__FILE__, 0);
}
$runs = (int) ($opt['runs'] ?? 5);
bench_check($runs >= 1, '--runs must be at least 1');
$out = (string) ($opt['out'] ?? __DIR__ . '/results/message.md');
$go = bench_go_build();
bench_check($go !== null, 'benchmarks/message.php needs go on PATH (Debian: golang)');
[$goBin, $goVersion] = $go;
$env = bench_environment($argv);

$configs = [];
foreach ([[1024, [1, 100, 500]], [1, [1, 500]], [0, [1, 500]]] as [$capacity, $Cs]) {
    foreach ($Cs as $C) {
        foreach (BENCH_ORDERS as $order) {
            $configs[] = [$capacity, $C, $order];
        }
    }
}

// Floor (a) with each value: PHP's cheapest queue step, no coroutines.
$floor = ['array' => [], 'int' => []];
for ($r = 0; $r < $runs; $r++) {
    foreach (['array', 'int'] as $value) {
        $floor[$value][] = floor_splqueue_once(1_000_000, $value)[0];
    }
}
$floor = array_map('bench_median', $floor);

$rate = static fn (array $rs): float => bench_median(array_map(static fn (array $r): float => $r['msgs'] * 1e9 / $r['ns'], $rs));
$rows = [];
foreach ($configs as [$capacity, $C, $order]) {
    $M = $C === 1 ? 100_000 : 1_000;
    fwrite(STDERR, "message: capacity {$capacity}, C = {$C}, {$order}\n");
    $m = ['array' => [], 'int' => [], 'struct' => [], 'goint' => []];
    foreach (['array', 'int'] as $value) {
        s1_once($C, $M, $capacity, false, 'Chan', $order, $value); // warm-up
    }
    for ($r = 0; $r < $runs; $r++) {
        foreach (['array', 'int'] as $value) {
            gc_collect_cycles();
            $m[$value][] = s1_once($C, $M, $capacity, false, 'Chan', $order, $value);
        }
        $m['struct'][] = bench_go_s1_once($goBin, $C, $M, $capacity, $order);
        $m['goint'][] = bench_go_s1_once($goBin, $C, $M, $capacity, $order, 'int');
    }
    $v = array_map($rate, $m);
    $rows[] = [(string) $capacity, bench_int($C), $order,
        bench_int($v['array']), bench_int($v['int']), bench_int($v['struct']), bench_int($v['goint']),
        bench_num($v['array'] / $v['struct'], 2), bench_num($v['int'] / $v['goint'], 2), bench_num($v['int'] / $v['array'], 2)];
}

$md = "# chan beside Go, with and without PHP's message\n\n"
    . "- command: `{$env['command']}`\n- date: {$env['date']}\n- PHP: {$env['php']}; opcache: {$env['opcache']}; JIT: {$env['jit']}\n"
    . "- chan: {$env['chan']}\n- source: git {$env['git']}\n- Go: {$goVersion}, GOMAXPROCS=1\n"
    . "- machine: {$env['cpu']}; load average at start {$env['load_start']}, at end " . bench_loadavg() . "\n"
    . "- medians of {$runs} rounds; each round runs chan (array, int) and then Go (struct, int)\n\n"
    . "S1 (capacity 1,024) and S2 (capacity 1 and 0) on the lock-free ring. msgs/s; chan / Go compares like with like "
    . "(the array with Go's struct, an int with an int); the last column is what the int gains chan over the array.\n\n"
    . bench_table(['capacity', 'C', 'spawn order', 'chan array msgs/s', 'chan int msgs/s', 'Go struct msgs/s', 'Go int msgs/s',
        'chan / Go (array, struct)', 'chan / Go (int, int)', 'chan int / chan array'], $rows)
    . sprintf("\nFloor (a), SplQueue push+pop in a plain loop (no coroutines): %.1f ns with the array (%s pairs/s), %.1f ns with an int (%s pairs/s).\n",
        $floor['array'], bench_int(1e9 / $floor['array']), $floor['int'], bench_int(1e9 / $floor['int']));
echo $md;
if ($out !== '-') {
    file_put_contents($out, $md);
    fwrite(STDERR, "written to {$out}\n");
}
