<?php
/**
 * What one coroutine switch costs as the number of coroutines grows (issue 16,
 * part 1). C coroutines take turns in a ring, so every switch resumes the
 * coroutine that ran C switches ago: at C = 2 its memory is in L1, at
 * C = 10,000 it is not in any cache. Four views of the same rings:
 *
 *   php benchmarks/switchcost.php [--so=PATH/chan.so] [--time] [--perf] [--cachegrind] [--lines]
 *                                 [--compare=BASE.so [--no-cachegrind] [--no-time]]
 *                                 [--runs=N] [--quick] [--out=FILE]
 *
 *   --time       wall ns per switch, C = 2 ... 10,000, medians of --runs (default 5) child
 *                processes per point, the configurations alternating run by run; beside
 *                them raw PHP Fibers and Go (benchmarks/gochan, GOMAXPROCS=1) in the
 *                same rings (about 2 minutes)
 *   --perf       `perf record -e cpu-clock` of the rings at C = 2, 1,000 and 10,000: where
 *                the wall time goes, function by function, and `perf annotate` of the two
 *                Zend switch functions at C = 10,000 (software clock sampling: this virtual
 *                machine exposes no hardware counters to perf; about 1 minute)
 *   --cachegrind instructions and simulated L1 misses per switch (valgrind --tool=cachegrind
 *                --cache-sim=yes, the simulator of callgrind --cache-sim=yes, charging each
 *                instruction to the function that contains it), split into the Zend context
 *                switch, chan's scheduler, chan's channel code, the PHP VM and the rest; also
 *                S1 with all producers spawned first, C = 1 and 500 (about 5 minutes)
 *   --lines      the memory each switch touches (valgrind --tool=lackey --trace-mem=yes, every
 *                load and store): distinct cache lines and 4 KiB pages per switch, how many of
 *                them the coroutine alone touches (not touched by the others since it last
 *                ran: cold once C is large), where they are (its worker and context, its
 *                first VM stack page, its C frames, the Zend heap, globals) and which
 *                function touches each first; also S1 with all producers spawned first at
 *                C = 500 (about 20 minutes; lackey writes every access to a pipe)
 *   --compare=BASE.so  two builds side by side, BASE.so (baseline) and --so (variant): the
 *                yield and channel rings at C = 2, 1,000 and 10,000, instructions and simulated
 *                D1 misses per switch of each (cachegrind, as --cachegrind; --no-cachegrind
 *                skips it) and the time ratio variant / baseline, the two builds alternating
 *                pair by pair in one run, the median of --runs pairs (--no-time skips it): the
 *                way to measure a cut on a shared, noisy machine (about 2 minutes + 30 s per
 *                run; default output results/switchcost-compare.md)
 *   (none of the four: all of them)
 *   --quick      smaller rings and one run per point (a smoke run)
 *   --cases=RING:C:R,...  --lines only: these cases instead of the default set (RING: yield, chan,
 *                s1pf or s2pf, the S1 shapes with all producers spawned first, capacity 1024 or 0;
 *                for them R is M, the messages per producer)
 *   --out=FILE   where the markdown goes (default benchmarks/results/switchcost.md; with
 *                --quick quick-switchcost.md; "-" for nowhere); also printed on stdout
 *
 * The rings (each a child process `php -n -d extension=chan.so`, opcache off):
 *   yield          C coroutines each call Coroutine::yield() R times: the run queue is the
 *                  ring; a hop is a yield, one switch, no channel
 *   chan           C coroutines, C unbuffered channels; coroutine i pops channel i and
 *                  pushes the token (+1) into channel i+1 (mod C): one switch per hop
 *   chan-shuffled  the same ring visiting the coroutines in a random cyclic order, so
 *                  successive switches go to stacks far apart in memory (no prefetching)
 *   fiber          raw PHP Fibers, main resumes each in turn and it suspends: two switches
 *                  per hop (to the fiber and back to main), no chan code at all
 *   go, go-shuffled  the chan rings in Go (channels.go ring), one goroutine switch per hop
 * Every coroutine runs once before the timed part (its first run pays for its stack's
 * first touch), and the timed part is the R rounds that follow.
 *
 * Internal: --child=RING C R [--info=FILE] runs one ring (or s1pf/s2pf C M) in this
 * process and prints {"ns":..., "switches":..., "hops":..., "s0":...}; --info writes
 * /proc/self/maps at start (INFO.early), the maps and the switch counter just before
 * the timed part (INFO.late) and, for s1pf/s2pf, the switch counter after it
 * (INFO.end), for --lines.
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/gobaseline.php';

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;

use function Chan\go;

const SC_RINGS = ['yield', 'chan', 'chan-shuffled', 'fiber'];

/* ------------------------------------------------------------------ child */

/** Writes $text to $file atomically (the --lines reader polls for it). */
function sc_write_atomic(string $file, string $text): void
{
    bench_check(file_put_contents($file . '.tmp', $text) !== false && rename($file . '.tmp', $file), "cannot write {$file}");
}

/** The late info file: the maps with every stack in place, and the switch counter before the timed part. */
function sc_info_late(?string $info, int $s0): void
{
    if ($info !== null) {
        sc_write_atomic($info . '.late', json_encode(['s0' => $s0, 'maps' => (string) file_get_contents('/proc/self/maps')]));
    }
}

/** @return array{ns: int, switches: int, hops: int, s0: int} */
function sc_ring_yield(int $C, int $R, ?string $info): array
{
    $wg = new WaitGroup($C);
    $body = static function () use ($R, $wg): void {
        Coroutine::yield(); // round 0, untimed
        for ($k = 0; $k < $R; $k++) {
            Coroutine::yield();
        }
        $wg->done();
    };
    for ($i = 0; $i < $C; $i++) {
        go($body);
    }
    Coroutine::yield(); // every coroutine starts and yields once; then main runs again
    $s0 = Coroutine::stats()['switches'];
    sc_info_late($info, $s0);
    $t0 = hrtime(true);
    $wg->wait();
    $ns = hrtime(true) - $t0;
    return ['ns' => $ns, 'switches' => Coroutine::stats()['switches'] - $s0, 'hops' => $C * $R, 's0' => $s0];
}

/** @return array{ns: int, switches: int, hops: int, s0: int} */
function sc_ring_chan(int $C, int $R, bool $shuffle, ?string $info): array
{
    $order = range(0, $C - 1);
    if ($shuffle) {
        mt_srand(42);
        shuffle($order);
    }
    $pos = array_flip($order);
    $ch = [];
    for ($i = 0; $i < $C; $i++) {
        $ch[] = new Channel(0);
    }
    $done = new Channel(1);
    for ($i = 0; $i < $C; $i++) {
        $p = $pos[$i];
        $in = $ch[$i];
        $out = $ch[$order[($p + 1) % $C]];
        $last = $p === $C - 1;
        go(static function () use ($in, $out, $R, $last, $done): void {
            for ($k = 0; $k < $R; $k++) {
                $v = $in->pop();
                if ($last && $k === $R - 1) {
                    $done->push($v + 1);
                    return;
                }
                $out->push($v + 1);
            }
        });
    }
    Coroutine::yield(); // every coroutine starts and parks in pop()
    $s0 = Coroutine::stats()['switches'];
    sc_info_late($info, $s0);
    $t0 = hrtime(true);
    $ch[$order[0]]->push(0);
    $v = $done->pop();
    $ns = hrtime(true) - $t0;
    bench_check($v === $C * $R, "chan ring C={$C} R={$R}: the token came back as {$v}");
    return ['ns' => $ns, 'switches' => Coroutine::stats()['switches'] - $s0, 'hops' => $C * $R, 's0' => $s0];
}

/** @return array{ns: int, switches: int, hops: int, s0: int} */
function sc_ring_fiber(int $C, int $R, ?string $info): array
{
    $fibers = [];
    $body = static function () use ($R): void {
        for ($k = 0; $k <= $R; $k++) {
            Fiber::suspend();
        }
    };
    for ($i = 0; $i < $C; $i++) {
        $f = new Fiber($body);
        $f->start(); // round 0, untimed
        $fibers[] = $f;
    }
    sc_info_late($info, 0);
    $t0 = hrtime(true);
    for ($k = 0; $k < $R; $k++) {
        foreach ($fibers as $f) {
            $f->resume();
        }
    }
    $ns = hrtime(true) - $t0;
    foreach ($fibers as $f) {
        $f->resume();
        bench_check($f->isTerminated(), 'fiber ring: a fiber did not end');
    }
    return ['ns' => $ns, 'switches' => 2 * $C * $R, 'hops' => $C * $R, 's0' => 0];
}

/**
 * S1 with all producers spawned first (the case of issue 16): C producers push
 * M values each into one Channel($capacity), C consumers pop them. An untimed
 * run first, then the timed one; the info files bracket the timed run.
 *
 * @return array{ns: int, switches: int, hops: int, s0: int}
 */
function sc_s1_producers_first(int $C, int $M, int $capacity, ?string $info): array
{
    $once = static function (int $M, bool $timed) use ($C, $capacity, $info): array {
        $ch = new Channel($capacity);
        $wg = new WaitGroup($C);
        $sum = 0;
        $producer = static function (int $i) use ($ch, $M): void {
            for ($j = 0; $j < $M; $j++) {
                $ch->push(['producer' => $i, 'message' => $j]);
            }
        };
        $consumer = static function () use ($ch, $M, $wg, &$sum): void {
            $s = 0;
            for ($j = 0; $j < $M; $j++) {
                $s += $ch->pop()['message'];
            }
            $sum += $s;
            $wg->done();
        };
        $s0 = Coroutine::stats()['switches'];
        if ($timed) {
            sc_info_late($info, $s0);
        }
        $t0 = hrtime(true);
        for ($i = 0; $i < $C; $i++) {
            go($producer, $i);
        }
        for ($i = 0; $i < $C; $i++) {
            go($consumer);
        }
        $wg->wait();
        $ns = hrtime(true) - $t0;
        $s1 = Coroutine::stats()['switches'];
        if ($timed && $info !== null) {
            sc_write_atomic($info . '.end', json_encode(['s1' => $s1]));
        }
        bench_check($sum === $C * intdiv($M * ($M - 1), 2), "s1 producers first C={$C} M={$M}: wrong checksum {$sum}");
        while (Coroutine::count() > 0) {
            Coroutine::yield();
        }
        return ['ns' => $ns, 'switches' => $s1 - $s0, 'hops' => $C * $M, 's0' => $s0];
    };
    // The untimed run has the same shape, so it carves every stack slot the timed run uses: the maps
    // written before the timed run (INFO.late) then show each slot's guard pages (--lines needs them).
    $warm = $once($M, false);
    // switches_all, hops_all: both runs, for the counts of the whole process (--cachegrind).
    return $once($M, true) + ['switches_all' => $warm['switches'] + Coroutine::stats()['switches'] - $warm['s0'] - $warm['switches'],
        'hops_all' => 2 * $C * $M];
}

function sc_child(string $ring, int $C, int $R, ?string $info): never
{
    if ($info !== null) {
        sc_write_atomic($info . '.early', (string) file_get_contents('/proc/self/maps'));
    }
    $r = match ($ring) {
        'yield' => sc_ring_yield($C, $R, $info),
        'chan' => sc_ring_chan($C, $R, false, $info),
        'chan-shuffled' => sc_ring_chan($C, $R, true, $info),
        'fiber' => sc_ring_fiber($C, $R, $info),
        's1pf' => sc_s1_producers_first($C, $R, 1024, $info),
        's2pf' => sc_s1_producers_first($C, $R, 0, $info),
        default => bench_fail("unknown ring {$ring}"),
    };
    echo json_encode($r), "\n";
    exit(0);
}

/* ----------------------------------------------------------------- driver */

/** @return array{so: string, modes: list<string>, runs: int, quick: bool, out: string} */
function sc_options(array $argv): array
{
    $opt = ['so' => getenv('CHAN_SO') ?: dirname(__DIR__) . '/.build-release/modules/chan.so', 'modes' => [], 'runs' => null,
        'quick' => false, 'out' => null, 'cases' => null,
        'compare' => null, 'no_cg' => false, 'no_time' => false];
    foreach (array_slice($argv, 1) as $arg) {
        if (preg_match('/^--so=(.+)$/', $arg, $m)) {
            $opt['so'] = $m[1];
        } elseif (in_array($arg, ['--time', '--perf', '--cachegrind', '--lines'], true)) {
            $opt['modes'][] = substr($arg, 2);
        } elseif (preg_match('/^--runs=([0-9]+)$/', $arg, $m) && (int) $m[1] >= 1) {
            $opt['runs'] = (int) $m[1];
        } elseif ($arg === '--quick') {
            $opt['quick'] = true;
        } elseif (preg_match('/^--cases=((?:[a-z0-9-]+:[0-9]+:[0-9]+,?)+)$/', $arg, $m)) {
            $opt['cases'] = array_map(static function (string $c): array {
                [$ring, $C, $R] = explode(':', $c);
                return [$ring, (int) $C, (int) $R];
            }, array_filter(explode(',', $m[1])));
        } elseif (preg_match('/^--compare=(.+)$/', $arg, $m)) {
            $opt['compare'] = $m[1];
            $opt['modes'][] = 'compare';
        } elseif ($arg === '--no-cachegrind') {
            $opt['no_cg'] = true;
        } elseif ($arg === '--no-time') {
            $opt['no_time'] = true;
        } elseif (preg_match('/^--out=(.+)$/', $arg, $m)) {
            $opt['out'] = $m[1];
        } else {
            bench_usage(__FILE__);
        }
    }
    $opt['modes'] = $opt['modes'] ?: ['time', 'perf', 'cachegrind', 'lines'];
    $opt['runs'] ??= $opt['quick'] ? 1 : 5;
    $opt['out'] ??= __DIR__ . '/results/' . ($opt['quick'] ? 'quick-' : '') . ($opt['compare'] !== null ? 'switchcost-compare.md' : 'switchcost.md');
    bench_check(is_file($opt['so']), "no chan.so at {$opt['so']} (--so=PATH)");
    return $opt;
}

function sc_log(string $what): void
{
    static $t0 = null;
    $t0 ??= hrtime(true);
    fprintf(STDERR, "[%6.1fs] %s\n", (hrtime(true) - $t0) / 1e9, $what);
}

/** The command line of a child ring: [php -n -d extension=SO this-script --child=...]. */
function sc_child_cmd(string $so, string $ring, int $C, int $R, ?string $info = null): array
{
    return [PHP_BINARY, '-n', '-d', "extension={$so}", '-d', 'memory_limit=-1', __FILE__, "--child={$ring}", (string) $C, (string) $R,
        ...($info !== null ? ["--info={$info}"] : [])];
}

/** Runs a command (a list of words), returns its stdout; aborts on failure. */
function sc_exec(array $cmd, string $prefix = ''): string
{
    $line = $prefix . implode(' ', array_map('escapeshellarg', $cmd));
    exec($line . ' 2>&1', $out, $status);
    bench_check($status === 0, "{$line} exited with {$status}:\n" . implode("\n", array_slice($out, -20)));
    return implode("\n", $out);
}

/** The JSON result line of a child. */
function sc_result(string $out): array
{
    $lines = array_values(array_filter(explode("\n", trim($out)), static fn (string $l): bool => str_starts_with($l, '{')));
    $r = json_decode((string) end($lines), true);
    bench_check(is_array($r) && isset($r['ns'], $r['switches'], $r['hops']), "unexpected child output: {$out}");
    return $r;
}

/** Rounds for a ring of C coroutines with about $switches hops in all (at least 3). */
function sc_rounds(int $C, int $switches): int
{
    return max(3, intdiv($switches, $C));
}

/* ------------------------------------------------------------------ --time */

/** Wall ns per switch of every ring at every C, Go beside. Returns markdown. */
function sc_time(array $opt): string
{
    $Cs = $opt['quick'] ? [2, 100, 1000, 10000] : [2, 10, 100, 1000, 3000, 10000];
    $total = $opt['quick'] ? 200_000 : 1_000_000;
    $go = bench_go_build();
    $kinds = [...SC_RINGS, ...($go !== null ? ['go', 'go-shuffled'] : [])];
    $ns = []; // kind => C => list of ns per switch
    $load0 = bench_loadavg();
    for ($run = 0; $run < $opt['runs']; $run++) {
        foreach ($Cs as $C) {
            $R = sc_rounds($C, $total);
            // Alternate the order of the kinds from run to run.
            $order = $run % 2 === 0 ? $kinds : array_reverse($kinds);
            foreach ($order as $kind) {
                sc_log("time run " . ($run + 1) . "/{$opt['runs']}: {$kind} C={$C} R={$R}");
                if (str_starts_with($kind, 'go')) {
                    $r = bench_go_run($go[0], ['ring', '-c', (string) $C, '-rounds', (string) $R, ...($kind === 'go-shuffled' ? ['-shuffle'] : [])])[0];
                    $ns[$kind][$C][] = $r['ns'] / $r['ops'];
                } else {
                    $r = sc_result(sc_exec(sc_child_cmd($opt['so'], $kind, $C, $R)));
                    $ns[$kind][$C][] = $r['ns'] / $r['switches'];
                }
            }
        }
    }
    $headers = ['C', 'chan: yield ring', 'chan: channel ring', 'chan: channel ring, shuffled', 'PHP Fibers (resume/suspend)'];
    if ($go !== null) {
        array_push($headers, 'Go: channel ring', 'Go: channel ring, shuffled');
    }
    $rows = [];
    $spreads = [];
    foreach ($Cs as $C) {
        $row = [bench_int($C)];
        foreach ($kinds as $kind) {
            $med = bench_median($ns[$kind][$C]);
            $base = bench_median($ns[$kind][$Cs[0]]);
            $row[] = bench_num($med, 1) . ($C === $Cs[0] ? '' : sprintf(' (x%.2f)', $med / $base));
            $spreads[] = (float) rtrim(bench_spread($ns[$kind][$C]), '%');
        }
        $rows[] = $row;
    }
    $md = "## Wall time per switch\n\n";
    $md .= '- command: `php benchmarks/switchcost.php --time --so=' . bench_path($opt['so']) . ($opt['quick'] ? ' --quick' : '') . " --runs={$opt['runs']}`\n";
    $md .= "- date: " . gmdate('Y-m-d H:i') . " UTC; load average {$load0} at the start, " . bench_loadavg() . " at the end; "
        . trim(explode(',', bench_environment([])['cpu'])[0]) . "\n";
    $md .= '- each point: the median of ' . $opt['runs'] . " child processes (a fresh process per ring); about {$total} hops per ring "
        . "(R = {$total} / C rounds, at least 3); spread (max - min) / median over the runs: median "
        . (count($spreads) ? sprintf('%.0f%%', bench_median($spreads)) : '-') . ', largest ' . (count($spreads) ? sprintf('%.0f%%', max($spreads)) : '-') . "\n\n";
    $md .= "ns per switch (in brackets: against C = {$Cs[0]} of the same column). A yield-ring switch is one `Coroutine::yield()`; "
        . "a channel-ring switch is one hand-off (pop + push + switch); a Fiber switch is half a resume/suspend round trip "
        . "(main resumes each fiber in turn); a Go switch is one hand-off between goroutines (GOMAXPROCS=1).\n\n";
    $md .= bench_table($headers, $rows);
    return $md;
}

/* ------------------------------------------------------------------ --perf */

/** Category of a function for the breakdowns. */
function sc_category(string $fn, string $file = ''): string
{
    if (in_array($fn, ['zend_fiber_switch_context', 'jump_fcontext', 'zend_observer_fiber_switch_notify'], true)) {
        return 'Zend context switch';
    }
    if (preg_match('/chan_(scheduler|loop|waitgroup)\.c$/', $file) || preg_match('/^(chan_(schedule|pick_next|wait|wakeup|unlink_waits|can_block|yield|current|loop_|timer_|switch|worker|bind|raise)|zim_Chan_(Coroutine|WaitGroup)_)/', $fn)) {
        return 'chan scheduler (run queue, park, wake)';
    }
    if (preg_match('/chan_(channel|lockfree|mutex)\.c$/', $file) || preg_match('/^(chan_channel_|zim_Chan_Channel_|lf_|mx_|chan_timeout_arg)/', $fn)) {
        return 'chan channel code (push, pop, waiters)';
    }
    if (preg_match('/^(zim_Fiber_|zend_fiber_|zend_observer_fiber_)/', $fn)) {
        return 'PHP Fiber API';
    }
    if ($fn === 'execute_ex') {
        return 'PHP VM (execute_ex)';
    }
    return 'other PHP / libc / kernel';
}

const SC_CATEGORIES = ['Zend context switch', 'chan scheduler (run queue, park, wake)', 'chan channel code (push, pop, waiters)',
    'PHP Fiber API', 'PHP VM (execute_ex)', 'other PHP / libc / kernel'];

/** cpu-clock samples of the rings, by category and function. Returns markdown. */
function sc_perf(array $opt): string
{
    bench_check(trim((string) shell_exec('command -v perf')) !== '', 'perf is not installed');
    $dir = sys_get_temp_dir() . '/chan-switchcost-perf';
    @mkdir($dir, 0777, true);
    $total = $opt['quick'] ? 500_000 : 3_000_000;
    $cases = [];
    foreach (['yield', 'chan'] as $ring) {
        foreach ([2, 1000, 10000] as $C) {
            $cases[] = [$ring, $C];
        }
    }
    $md = "## Where the wall time goes (perf, cpu-clock samples)\n\n";
    $md .= '- command: `php benchmarks/switchcost.php --perf --so=' . bench_path($opt['so']) . ($opt['quick'] ? ' --quick' : '') . "`; each ring: "
        . "`perf record -e cpu-clock -F 20000 -- php -n -d extension=chan.so benchmarks/switchcost.php --child=RING C R` with about "
        . "{$total} hops; load average " . bench_loadavg() . "\n";
    $md .= "- `perf stat` here reports every hardware event (cycles, instructions, cache and TLB misses) as `<not supported>`: "
        . "the virtual machine exposes no PMU. Only software events work, so this is time sampling (the cpu-clock timer interrupts "
        . "the process 20,000 times a second and records where it was), not counting of misses. The shares include the spawn "
        . "and first run of the coroutines (a few per cent of the samples at C = 10,000).\n\n";
    $rows = [];
    $fnRows = [];
    $annotate = '';
    $perfCats = [...array_diff(SC_CATEGORIES, ['PHP Fiber API']), 'kernel (page faults, timer interrupts)'];
    $perfCats = array_map(static fn (string $c): string => $c === 'other PHP / libc / kernel' ? 'other PHP / libc' : $c, $perfCats);
    foreach ($cases as [$ring, $C]) {
        $R = sc_rounds($C, $total);
        $file = "{$dir}/{$ring}-{$C}.data";
        sc_log("perf {$ring} C={$C} R={$R}");
        $out = sc_exec(['perf', 'record', '-q', '-e', 'cpu-clock', '-F', '20000', '-o', $file, '--', ...sc_child_cmd($opt['so'], $ring, $C, $R)]);
        $r = sc_result($out);
        $perSwitch = $r['ns'] / $r['switches'];
        $report = sc_exec(['perf', 'report', '-i', $file, '--stdio', '--no-children', '--sort', 'dso,sym', '--percent-limit', '0']);
        $cats = array_fill_keys($perfCats, 0.0);
        $fns = [];
        foreach (explode("\n", $report) as $line) {
            if (!preg_match('/^\s+([0-9.]+)%\s+(\S+)\s+\[([.k])\]\s+(\S+)/', $line, $m)) {
                continue;
            }
            $fn = $m[3] === 'k' ? '[kernel] ' . $m[4] : $m[4];
            $share = (float) $m[1] / 100;
            $c = $m[3] === 'k' ? 'kernel (page faults, timer interrupts)' : sc_category($m[4]);
            $c = in_array($c, ['other PHP / libc / kernel', 'PHP Fiber API'], true) ? 'other PHP / libc' : $c;
            $cats[$c] += $share;
            $fns[$fn] = ($fns[$fn] ?? 0.0) + $share;
        }
        arsort($fns);
        if ($C === 10000) {
            foreach (['jump_fcontext', 'zend_fiber_switch_context'] as $sym) {
                $ann = sc_exec(['perf', 'annotate', '-i', $file, '--stdio', '-s', $sym]);
                $keep = [];
                foreach (explode("\n", $ann) as $l) {
                    if (preg_match('/^\s*([0-9.]+)\s*:\s+([0-9a-f]+):\s*(.*)$/', $l, $mm) && (float) $mm[1] >= 2.0) {
                        $keep[] = sprintf('%6.2f%% %s  %s', (float) $mm[1], $mm[2], trim($mm[3]));
                    }
                }
                $annotate .= "\n{$ring} ring, C = 10,000, `{$sym}` (" . bench_num(($fns[$sym] ?? 0) * $perSwitch, 1)
                    . " ns per switch): instructions with 2% or more of its samples (`perf annotate --stdio -s {$sym}`; a sample "
                    . "lands on the instruction after the one that waited):\n\n```\n" . implode("\n", $keep) . "\n```\n";
            }
        }
        $row = ["{$ring} ring", bench_int($C), bench_num($perSwitch, 1)];
        foreach ($perfCats as $c) {
            $row[] = $cats[$c] > 0 ? bench_num($cats[$c] * $perSwitch, 1) : '-';
        }
        $rows[] = $row;
        $top = [];
        foreach (array_slice($fns, 0, 8, true) as $fn => $share) {
            $top[] = sprintf('%s %.1f', $fn, $share * $perSwitch);
        }
        $fnRows[] = ["{$ring} ring", bench_int($C), implode('; ', $top)];
    }
    $md .= "ns per switch (this process's own timing of the ring), split by the share of samples in each part:\n\n";
    $md .= bench_table(['ring', 'C', 'ns per switch', ...$perfCats], $rows);
    $md .= "\nThe eight functions with the most samples, in ns per switch:\n\n" . bench_table(['ring', 'C', 'functions'], $fnRows);
    return $md . $annotate;
}

/* ------------------------------------------------------------- --cachegrind */

/**
 * Self cost of each function of a cachegrind output, per event, keyed "file:function".
 *
 * @return array{0: list<string>, 1: array<string, list<int>>} [events, fn => counts]
 */
function sc_cg_functions(string $file): array
{
    exec('cg_annotate --auto=no --threshold=0 ' . escapeshellarg($file) . ' 2>/dev/null', $lines, $status);
    bench_check($status === 0, "cg_annotate {$file} failed");
    $events = [];
    $fns = [];
    foreach ($lines as $line) {
        if (preg_match('/^Events shown:\s+(.+)$/', $line, $m)) {
            $events = preg_split('/\s+/', trim($m[1]));
            continue;
        }
        if ($events === [] || str_contains($line, 'PROGRAM TOTALS')) {
            continue;
        }
        // "1,234 (12.3%)  5 (0.1%)  0 ...  file:fn", one count column per event.
        $re = '/^\s*' . implode('\s+', array_fill(0, count($events), '([0-9,]+|\.)(?: \(\s*[0-9.]+%\))?')) . '\s+(\S.*)$/';
        if (!preg_match($re, $line, $m)) {
            continue;
        }
        $where = $m[count($events) + 1];
        $colon = strrpos($where, ':');
        $fn = $colon === false ? $where : substr($where, $colon + 1);
        $src = $colon === false ? '' : basename(substr($where, 0, $colon));
        $key = $src . ':' . $fn;
        foreach ($events as $i => $e) {
            $fns[$key][$i] = ($fns[$key][$i] ?? 0) + ($m[$i + 1] === '.' ? 0 : (int) str_replace(',', '', $m[$i + 1]));
        }
    }
    bench_check($fns !== [], "no functions in the cg_annotate output of {$file}");
    return [$events, $fns];
}

/** Instructions and simulated L1 misses per switch. Returns markdown. */
function sc_cachegrind(array $opt): string
{
    bench_check(trim((string) shell_exec('command -v valgrind')) !== '', 'valgrind is not installed');
    $dir = sys_get_temp_dir() . '/chan-switchcost-cachegrind';
    @mkdir($dir, 0777, true);
    $hops = $opt['quick'] ? 4_000 : 40_000;
    $cases = [];
    foreach (['yield', 'chan'] as $ring) {
        foreach ([2, 100, 1000, 10000] as $C) {
            $cases[] = [$ring, $C, sc_rounds($C, $hops)];
        }
    }
    $cases[] = ['fiber', 2, sc_rounds(2, $hops)];
    $cases[] = ['fiber', 1000, sc_rounds(1000, $hops)];
    $cases[] = ['s1pf', 1, $opt['quick'] ? 2000 : 20000];
    $cases[] = ['s1pf', 500, $opt['quick'] ? 20 : 100];
    $rows = [];
    $breakdown = [];
    $fnTables = [];
    $load0 = bench_loadavg();
    foreach ($cases as [$ring, $C, $R1]) {
        $runs = [];
        foreach ([1, 2] as $k) {
            $R = $k * $R1;
            $file = "{$dir}/{$ring}-{$C}-{$k}.out";
            sc_log("cachegrind {$ring} C={$C} R={$R}");
            $out = sc_exec(['valgrind', '--tool=cachegrind', '--cache-sim=yes', '--I1=32768,8,64', '--D1=32768,8,64', '--LL=33554432,16,64',
                "--cachegrind-out-file={$file}", ...sc_child_cmd($opt['so'], $ring, $C, $R)]);
            $runs[$k] = [sc_result($out), sc_cg_functions($file)];
        }
        // S1 children run twice (untimed, timed): their *_all figures count both.
        $switches = max(1, ($runs[2][0]['switches_all'] ?? $runs[2][0]['switches']) - ($runs[1][0]['switches_all'] ?? $runs[1][0]['switches']));
        $msgs = ($runs[2][0]['hops_all'] ?? $runs[2][0]['hops']) - ($runs[1][0]['hops_all'] ?? $runs[1][0]['hops']);
        [$events, $f1] = $runs[1][1];
        [, $f2] = $runs[2][1];
        $cat = [];
        $tot = array_fill_keys($events, 0.0);
        foreach ($f1 + $f2 as $key => $_) {
            [$src, $fn] = explode(':', $key, 2);
            $c = sc_category($fn, $src);
            foreach ($events as $i => $e) {
                $d = (($f2[$key][$i] ?? 0) - ($f1[$key][$i] ?? 0)) / $switches;
                $cat[$c][$e] = ($cat[$c][$e] ?? 0.0) + $d;
                $tot[$e] += $d;
            }
        }
        $name = in_array($ring, ['s1pf', 's2pf'], true) ? sc_lines_name(['ring' => $ring, 'R' => $R1]) . ' and ' . (2 * $R1) : "{$ring} ring";
        $rows[] = [$name, bench_int($C), bench_int($switches), bench_num($switches / $msgs, 3), bench_num($tot['Ir'], 0),
            bench_num($tot['Dr'] + $tot['Dw'], 0), bench_num($tot['D1mr'] + $tot['D1mw'], 1), bench_num($tot['I1mr'], 2),
            bench_num($tot['Ir'] * $switches / $msgs, 0), bench_num(($tot['D1mr'] + $tot['D1mw']) * $switches / $msgs, 1)];
        foreach (SC_CATEGORIES as $c) {
            $e = $cat[$c] ?? null;
            if ($e === null || (abs($e['Ir']) < 0.5 && abs($e['D1mr'] + $e['D1mw']) < 0.05)) {
                continue;
            }
            $breakdown[$name][$c][$C] = bench_num($e['Ir'], 0) . ' / ' . bench_num($e['D1mr'] + $e['D1mw'], 1);
        }
        if ($C === 1000 || $C === 500) {
            // Function by function, for the cold rings and the issue's S1 case.
            $idx = array_flip($events);
            $list = [];
            foreach ($f1 + $f2 as $key => $_) {
                $d = static fn (string $e): float => (($f2[$key][$idx[$e]] ?? 0) - ($f1[$key][$idx[$e]] ?? 0)) / $switches;
                $ir = $d('Ir');
                $miss = $d('D1mr') + $d('D1mw');
                if ($ir >= 1 || $miss >= 0.1) {
                    $list[] = [$key, $ir, $miss, $d('D1mr'), $d('D1mw')];
                }
            }
            usort($list, static fn (array $a, array $b): int => [$b[2], $b[1]] <=> [$a[2], $a[1]]);
            $fnTables[$name . ', C = ' . bench_int($C)] = array_map(static fn (array $x): array => [
                preg_replace('/^\?\?\?:\?\?\?$/', 'php8.2 static functions (no symbols)', preg_replace('/^\?\?\?:/', '', $x[0])),
                sc_category(explode(':', $x[0], 2)[1], explode(':', $x[0], 2)[0]), bench_num($x[1], 1), bench_num($x[2], 2),
                bench_num($x[3], 2), bench_num($x[4], 2)], $list);
        }
    }
    $md = "## Instructions and simulated L1 misses per switch (cachegrind)\n\n";
    $md .= '- command: `php benchmarks/switchcost.php --cachegrind --so=' . bench_path($opt['so']) . ($opt['quick'] ? ' --quick' : '') . "`\n";
    $md .= '- each row: two runs of `valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=33554432,16,64 '
        . "php -n -d extension=chan.so benchmarks/switchcost.php --child=RING C R`, the second with twice the rounds (rings: about {$hops} "
        . "and " . (2 * $hops) . " hops; S1: twice the messages), (run 2 - run 1) / (switches of run 2 - switches of run 1). D1 is "
        . "this CPU's L1 (32 KiB, 8-way; it is indexed by the page offset, as valgrind's model is, so the model is faithful). "
        . "Cachegrind is callgrind's cache simulator without the call tracking: it charges each instruction to the function "
        . "that contains it, where callgrind's call tracking gets confused by the stack switches (its split of the same code "
        . "between the Zend switch and the VM changed with C). Valgrind's last-level cache "
        . "is left out: it is indexed by virtual address, and the stacks' hot lines, 320 KiB apart, fall into a few of its sets, "
        . "which physical indexing on the real L2 and L3 spreads out. Deterministic; load average {$load0} (does not matter)\n";
    $md .= '- ' . trim((string) shell_exec('valgrind --version')) . '; chan.so sha1 ' . substr((string) sha1_file($opt['so']), 0, 12) . "\n\n";
    $md .= bench_table(['workload', 'C', 'switches counted', 'switches per message or hop', 'instructions per switch',
        'data reads + writes per switch', 'D1 misses per switch', 'I1 misses per switch', 'instructions per message or hop',
        'D1 misses per message or hop'], $rows);
    $md .= "\nBy part: instructions / D1 misses per switch (self cost of the part's functions, by instruction address):\n";
    foreach ($breakdown as $name => $cats) {
        $cols = [];
        foreach ($cats as $byC) {
            $cols = array_values(array_unique([...$cols, ...array_keys($byC)]));
        }
        sort($cols);
        $rowsB = [];
        foreach ($cats as $c => $byC) {
            $rowsB[] = [$c, ...array_map(static fn (int $C): string => $byC[$C] ?? '-', $cols)];
        }
        $md .= "\n{$name}:\n\n" . bench_table(['part', ...array_map(static fn (int $C): string => 'C = ' . bench_int($C), $cols)], $rowsB);
    }
    foreach ($fnTables as $title => $rowsF) {
        $md .= "\nFunction by function, {$title}, per switch (at least 1 instruction or 0.1 miss):\n\n"
            . bench_table(['function', 'part', 'instructions', 'D1 misses', 'of them reads', 'writes'], $rowsF);
    }
    return $md;
}

/* ---------------------------------------------------------------- --compare */

/** Whole-process totals of a cachegrind output, by event. */
function sc_cg_totals(string $file): array
{
    [$events, $fns] = sc_cg_functions($file);
    $tot = array_fill_keys($events, 0);
    foreach ($fns as $counts) {
        foreach ($events as $i => $e) {
            $tot[$e] += $counts[$i] ?? 0;
        }
    }
    return $tot;
}

/**
 * Two builds side by side (issue 16's cuts): per switch of the yield and channel
 * rings at C = 2, 1,000 and 10,000, the instructions and simulated D1 misses of
 * each (cachegrind, deterministic) and the time ratio variant / baseline,
 * measured in one run with the two builds alternating pair by pair (the median
 * of --runs pairs; absolute times are not comparable across runs on a shared
 * machine, ratios within one are). Returns markdown.
 */
function sc_compare(array $opt): string
{
    $base = $opt['compare'];
    bench_check(is_file($base), "no baseline chan.so at {$base}");
    $builds = ['baseline' => $base, 'variant' => $opt['so']];
    $Cs = $opt['quick'] ? [2, 1000] : [2, 1000, 10000];
    $rings = ['yield', 'chan'];
    $cg = trim((string) shell_exec('command -v valgrind')) !== '' && !$opt['no_cg'];
    $md = "## Baseline against variant\n\n";
    $md .= '- command: `php benchmarks/switchcost.php --compare=' . bench_path($base) . ' --so=' . bench_path($opt['so']) . " --runs={$opt['runs']}"
        . ($opt['quick'] ? ' --quick' : '') . ($opt['no_cg'] ? ' --no-cachegrind' : '') . ($opt['no_time'] ? ' --no-time' : '') . "`\n";
    foreach ($builds as $name => $so) {
        $md .= "- {$name}: " . bench_path($so) . " (sha1 " . substr((string) sha1_file($so), 0, 12) . ")\n";
    }
    if ($cg) {
        $dir = sys_get_temp_dir() . '/chan-switchcost-compare';
        @mkdir($dir, 0777, true);
        $hops = $opt['quick'] ? 4_000 : 40_000;
        $rows = [];
        foreach ($rings as $ring) {
            foreach ($Cs as $C) {
                $R1 = sc_rounds($C, $hops);
                $row = ["{$ring} ring", bench_int($C)];
                $per = [];
                foreach ($builds as $name => $so) {
                    $t = [];
                    foreach ([1, 2] as $k) {
                        $file = "{$dir}/{$name}-{$ring}-{$C}-{$k}.out";
                        sc_log("compare cachegrind {$name} {$ring} C={$C} R=" . ($k * $R1));
                        $out = sc_exec(['valgrind', '--tool=cachegrind', '--cache-sim=yes', '--I1=32768,8,64', '--D1=32768,8,64',
                            '--LL=33554432,16,64', "--cachegrind-out-file={$file}", ...sc_child_cmd($so, $ring, $C, $k * $R1)]);
                        $t[$k] = [sc_result($out), sc_cg_totals($file)];
                    }
                    $sw = max(1, $t[2][0]['switches'] - $t[1][0]['switches']);
                    $d = static fn (string $e): float => (($t[2][1][$e] ?? 0) - ($t[1][1][$e] ?? 0)) / $sw;
                    $per[$name] = [$d('Ir'), $d('D1mr') + $d('D1mw')];
                }
                foreach ([0, 1] as $i) {
                    $row[] = bench_num($per['baseline'][$i], $i ? 1 : 0) . ' → ' . bench_num($per['variant'][$i], $i ? 1 : 0);
                }
                $rows[] = $row;
            }
        }
        $md .= '- cachegrind: two runs per point of `valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 '
            . "--LL=33554432,16,64`, R and 2R rounds (about {$hops} and " . (2 * $hops) . ' hops), (run 2 - run 1) / switches; '
            . "deterministic\n\n";
        $md .= bench_table(['ring', 'C', 'instructions per switch (baseline → variant)', 'D1 misses per switch (baseline → variant)'], $rows);
        $md .= "\n";
    }
    if ($opt['no_time']) {
        return $md;
    }
    $total = $opt['quick'] ? 200_000 : 1_000_000;
    $ns = [];
    $load0 = bench_loadavg();
    for ($run = 0; $run < $opt['runs']; $run++) {
        foreach ($Cs as $C) {
            $R = sc_rounds($C, $total);
            foreach ($rings as $ring) {
                $order = ($run + $C) % 2 === 0 ? ['baseline', 'variant'] : ['variant', 'baseline'];
                foreach ($order as $name) {
                    sc_log("compare time run " . ($run + 1) . "/{$opt['runs']}: {$name} {$ring} C={$C}");
                    $r = sc_result(sc_exec(sc_child_cmd($builds[$name], $ring, $C, $R)));
                    $ns[$ring][$C][$name][] = $r['ns'] / $r['switches'];
                }
            }
        }
    }
    $rows = [];
    foreach ($rings as $ring) {
        foreach ($Cs as $C) {
            $b = $ns[$ring][$C]['baseline'];
            $v = $ns[$ring][$C]['variant'];
            $ratios = array_map(static fn (float $x, float $y): float => $y / $x, $b, $v);
            sort($ratios);
            $rows[] = ["{$ring} ring", bench_int($C), bench_num(bench_median($b), 1), bench_num(bench_median($v), 1),
                sprintf('%.3f', bench_median($ratios)), sprintf('%.3f-%.3f', $ratios[0], end($ratios)), bench_num(min($b), 1),
                bench_num(min($v), 1), sprintf('%.3f', min($v) / min($b))];
        }
    }
    $md .= '- time: ' . gmdate('Y-m-d H:i') . " UTC, load average {$load0} at the start, " . bench_loadavg() . " at the end; {$opt['runs']} "
        . "pairs per point, each a fresh child process of about {$total} hops per build, the two builds alternating (which one goes first "
        . "alternates too); ratio = variant / baseline of the same pair, median and range over the pairs; beside it the ratio of each "
        . "build's fastest run, the one other processes disturbed least\n\n";
    $md .= bench_table(['ring', 'C', 'baseline ns per switch (median)', 'variant ns per switch (median)', 'ratio (median of pairs)',
        'ratio range', 'baseline ns (fastest run)', 'variant ns (fastest run)', 'ratio of the fastest runs'], $rows);
    return $md;
}

/* ------------------------------------------------------------------ --lines */

/**
 * Address-space facts from a /proc/self/maps text: the ranges of the PHP
 * binary, chan.so and other files, the main stack, and the coroutine stack
 * slots (each a 64 KiB guard mapping followed by the stack, chan_stack.c).
 *
 * @return array{ranges: list<array{0: int, 1: int, 2: string, 3: int}>, guards: list<int>, php_base: int, so_base: int}
 */
function sc_parse_maps(string $maps, string $so): array
{
    $ranges = [];
    $guards = [];
    $phpBase = 0;
    $soBase = 0;
    $php = realpath(PHP_BINARY);
    $soReal = realpath($so);
    foreach (explode("\n", trim($maps)) as $line) {
        if (!preg_match('/^([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \S+\s*(.*)$/', $line, $m)) {
            continue;
        }
        [$lo, $hi, $perm, $off, $name] = [hexdec($m[1]), hexdec($m[2]), $m[3], hexdec($m[4]), $m[5]];
        if ($name === $php && $off === 0) {
            $phpBase = $lo;
        }
        if ($name === $soReal && $off === 0) {
            $soBase = $lo;
        }
        if ($perm === '---p' && $name === '' && $hi - $lo === 64 * 1024) {
            $guards[] = $lo;
        }
        $ranges[] = [$lo, $hi, $name, $off];
    }
    sort($guards);
    return ['ranges' => $ranges, 'guards' => $guards, 'php_base' => $phpBase, 'so_base' => $soBase];
}

/**
 * What a 4 KiB page holds: [region, slot top or 0]. Regions: 'stack' (a
 * coroutine's stack slot: classified further by offset), 'main stack',
 * 'PHP globals', 'chan.so globals', 'other file', 'heap' (anonymous: the Zend
 * heap and malloc).
 */
function sc_page_region(int $page, array $maps, int $slot): array
{
    $addr = $page << 12;
    // The slot: the last guard at or below addr.
    $g = $maps['guards'];
    $lo = 0;
    $hi = count($g) - 1;
    $best = -1;
    while ($lo <= $hi) {
        $mid = ($lo + $hi) >> 1;
        if ($g[$mid] <= $addr) {
            $best = $mid;
            $lo = $mid + 1;
        } else {
            $hi = $mid - 1;
        }
    }
    if ($best >= 0 && $addr < $g[$best] + $slot) {
        return ['stack', $g[$best] + $slot];
    }
    foreach ($maps['ranges'] as [$rlo, $rhi, $name]) {
        if ($addr >= $rlo && $addr < $rhi) {
            if ($name === '[stack]') {
                return ['main stack', 0];
            }
            if ($name === realpath(PHP_BINARY) || ($name === '' && $rlo === $maps['php_bss'])) {
                return ['PHP globals (EG, CG, ...)', 0];
            }
            if (str_ends_with($name, 'chan.so')) {
                return ['chan.so globals', 0];
            }
            if ($name !== '') {
                return ['other file (libc, ...)', 0];
            }
            return ['Zend heap (chan_coro, closures, channels)', 0];
        }
    }
    return ['unmapped', 0];
}

/** A line in a coroutine's stack slot, by its distance below the slot's top (layout of chan_scheduler.c/chan_stack.c). */
function sc_stack_part(int $lineAddr, int $top): string
{
    $below = $top - $lineAddr; // > 0
    if ($below <= 192) {
        return 'stack: chan_stack + worker (its context)'; // [top - 176, top): chan_worker and chan_stack, 168 bytes
    }
    if ($below <= 176 + 2048 + 64) {
        return 'stack: first VM page (2 KiB)';
    }
    return $below <= 4096 ? 'stack: C frames, top page' : 'stack: C frames, deeper pages';
}

/** Function containing an address, from `nm` of the PHP binary and chan.so (defined text symbols with sizes). */
function sc_symbolizer(array $maps, string $so): Closure
{
    $tables = [];
    foreach ([[realpath(PHP_BINARY), $maps['php_base'], true], [realpath($so), $maps['so_base'], false]] as [$path, $base, $dynamic]) {
        $syms = [];
        exec('nm -S --defined-only ' . ($dynamic ? '-D ' : '') . escapeshellarg($path) . ' 2>/dev/null', $out);
        foreach ($out as $l) {
            if (preg_match('/^([0-9a-f]+) ([0-9a-f]+) [tTwW] (\S+)$/', $l, $m)) {
                $syms[] = [$base + hexdec($m[1]), hexdec($m[2]), preg_replace('/@.*$/', '', $m[3])];
            }
        }
        $out = [];
        usort($syms, static fn (array $a, array $b): int => $a[0] <=> $b[0]);
        $tables[] = [$path, $syms];
    }
    $cache = [];
    return static function (int $addr) use ($tables, $maps, &$cache): string {
        if (isset($cache[$addr])) {
            return $cache[$addr];
        }
        foreach ($tables as [$path, $syms]) {
            $lo = 0;
            $hi = count($syms) - 1;
            $best = -1;
            while ($lo <= $hi) {
                $mid = ($lo + $hi) >> 1;
                if ($syms[$mid][0] <= $addr) {
                    $best = $mid;
                    $lo = $mid + 1;
                } else {
                    $hi = $mid - 1;
                }
            }
            if ($best >= 0 && $addr < $syms[$best][0] + max(1, $syms[$best][1])) {
                return $cache[$addr] = $syms[$best][2];
            }
        }
        foreach ($maps['ranges'] as [$rlo, $rhi, $name]) {
            if ($addr >= $rlo && $addr < $rhi) {
                return $cache[$addr] = ($name === realpath(PHP_BINARY) ? 'php8.2 (unnamed static function)' : basename($name ?: 'anonymous'));
            }
        }
        return $cache[$addr] = sprintf('0x%x', $addr);
    };
}

/**
 * One ring under lackey, analysed as the trace streams by: every data access
 * is put into 64-byte lines; the trace is cut into segments at the
 * instruction of jump_fcontext that loads the next context's stack pointer,
 * so a segment is what one coroutine does between being switched to and
 * switching away. Returns the per-switch figures over the timed rounds after
 * the first (so every coroutine has run once in the ring before).
 */
function sc_lines_one(array $opt, string $ring, int $C, int $R, string $dir): array
{
    bench_check(in_array($ring, ['yield', 'chan', 's1pf', 's2pf'], true), '--lines counts chan switches: yield and chan rings, s1pf, s2pf only');
    $ringShaped = $ring === 'yield' || $ring === 'chan';
    $info = "{$dir}/{$ring}-{$C}";
    @unlink("{$info}.early");
    @unlink("{$info}.late");
    @unlink("{$info}.end");
    $slot = (64 + 256) * 1024; // CHAN_GUARD_SIZE + chan.stack_size (default 256K)
    $php = realpath(PHP_BINARY);
    // Offset of "mov %rdi,%rsp" in jump_fcontext: from here on the new context runs.
    $dis = sc_exec(['sh', '-c', 'a=$(nm -D ' . escapeshellarg($php) . ' | awk \'$3 ~ /^jump_fcontext/ {print $1}\'); '
        . 'objdump -d --no-show-raw-insn --start-address=0x$a --stop-address=$(printf "0x%x" $((0x$a + 96))) ' . escapeshellarg($php)]);
    bench_check(preg_match('/^\s*([0-9a-f]+):\s+mov\s+%rdi,%rsp/m', $dis, $m) === 1, "no 'mov %rdi,%rsp' in jump_fcontext:\n{$dis}");
    $splitOff = hexdec($m[1]);
    // Where valgrind loads the PHP binary (the same address in every run: checked against the child's maps below).
    $pre = sc_parse_maps(sc_exec(['valgrind', '--tool=none', '-q', $php, '-n', '-r', 'echo file_get_contents("/proc/self/maps");']), $opt['so']);
    bench_check($pre['php_base'] > 0, 'cannot find the PHP binary in the maps under valgrind');
    $split = sprintf("I  %08x,3\n", $pre['php_base'] + $splitOff);

    $cmd = ['valgrind', '--tool=lackey', '--trace-mem=yes', '--log-fd=3', ...sc_child_cmd($opt['so'], $ring, $C, $R, $info)];
    $proc = proc_open(implode(' ', array_map('escapeshellarg', $cmd)),
        [0 => ['file', '/dev/null', 'r'], 1 => ['file', "{$info}.out", 'w'], 2 => ['file', "{$info}.err", 'w'], 3 => ['pipe', 'w']], $pipes);
    bench_check(is_resource($proc), 'cannot start valgrind');
    $in = $pipes[3];

    $late = null;       // decoded INFO.late
    $maps = null;
    $seg = -1;          // segment index = number of switches seen so far - 1
    $lines = [];        // line => first touching instruction (trace text) in this segment
    $insns = 0;
    $accesses = 0;
    $last = [];         // line => last segment that touched it
    $lastPage = [];
    $pageRegion = [];   // page => [region, slot top]
    $win = ['segs' => 0, 'insns' => 0, 'accesses' => 0, 'lines' => 0, 'pages' => 0, 'cold_lines' => 0, 'cold_pages' => 0,
        'new_lines' => 0, 'region_all' => [], 'region_cold' => [], 'fn_cold' => [], 'dist' => []];
    $winFrom = $winTo = null;
    $cold = max(2, intdiv($C, 2));

    $endSegment = static function () use (&$seg, &$lines, &$insns, &$accesses, &$last, &$lastPage, &$pageRegion, &$win, &$winFrom,
        &$winTo, &$late, &$maps, $info, $C, $R, $cold, $slot, $opt, $ringShaped): void {
        if ($seg >= 0) {
            if ($late === null) {
                clearstatcache(true, "{$info}.late");
            }
            if ($late === null && is_file("{$info}.late")) {
                $late = json_decode((string) file_get_contents("{$info}.late"), true);
                $maps = sc_parse_maps($late['maps'], $opt['so']);
                // The PHP binary's .bss: the anonymous mapping right after its last file mapping.
                $phpEnd = 0;
                foreach ($maps['ranges'] as [$lo, $hi, $name]) {
                    if ($name === realpath(PHP_BINARY)) {
                        $phpEnd = max($phpEnd, $hi);
                    }
                }
                $maps['php_bss'] = $phpEnd;
                // Segment k runs after switch k + 1: the timed part starts with segment s0. Rings: skip the
                // first round (its lines were last touched before the timed part) and the last (the
                // coroutines end in it), count rounds 2 to R - 1. S1: the whole timed run, up to s1 - 1 (INFO.end).
                $winFrom = $late['s0'] + ($ringShaped ? $C : 0);
                $winTo = $ringShaped ? $late['s0'] + $C * ($R - 1) : PHP_INT_MAX;
            }
            if (!$ringShaped && $late !== null && $winTo === PHP_INT_MAX) {
                clearstatcache(true, "{$info}.end");
                if (is_file("{$info}.end")) {
                    // Segment s1 - 1 is main's after the run: left out.
                    $winTo = json_decode((string) file_get_contents("{$info}.end"), true)['s1'] - 1;
                }
            }
            $in = $winFrom !== null && $seg >= $winFrom && $seg < $winTo;
            $pagesSeen = [];
            foreach ($lines as $line => $insn) {
                $prev = $last[$line] ?? null;
                $last[$line] = $seg;
                if (!$in) {
                    continue;
                }
                $page = $line >> 6;
                if (!isset($pageRegion[$page])) {
                    $pageRegion[$page] = sc_page_region($page, $maps, $slot);
                }
                [$region, $top] = $pageRegion[$page];
                if ($region === 'stack') {
                    $region = sc_stack_part($line << 6, $top);
                }
                $win['lines']++;
                $win['region_all'][$region] = ($win['region_all'][$region] ?? 0) + 1;
                $d = $prev === null ? 'never before' : $seg - $prev;
                $bucket = match (true) {
                    $d === 'never before' => 'never before',
                    $d === 1 => '1 (the previous switch)',
                    $d <= 3 => '2-3',
                    $d <= 30 => '4-30',
                    $d <= 300 => '31-300',
                    $d <= 3000 => '301-3,000',
                    default => 'over 3,000',
                };
                $win['dist'][$bucket] = ($win['dist'][$bucket] ?? 0) + 1;
                if ($prev === null || $seg - $prev >= $cold) {
                    $win['cold_lines']++;
                    if ($prev === null) {
                        $win['new_lines']++;
                    }
                    $win['region_cold'][$region] = ($win['region_cold'][$region] ?? 0) + 1;
                    $key = $insn . "\0" . $region;
                    $win['fn_cold'][$key] = ($win['fn_cold'][$key] ?? 0) + 1;
                }
                $pagesSeen[$page] = true;
            }
            if ($in) {
                foreach ($pagesSeen as $page => $_) {
                    $prev = $lastPage[$page] ?? null;
                    $win['pages']++;
                    if ($prev === null || $seg - $prev >= $cold) {
                        $win['cold_pages']++;
                    }
                    $lastPage[$page] = $seg;
                }
                $win['segs']++;
                $win['insns'] += $insns;
                $win['accesses'] += $accesses;
            } else {
                foreach ($lines as $line => $_) {
                    $lastPage[$line >> 6] = $seg;
                }
            }
        }
        $seg++;
        $lines = [];
        $insns = 0;
        $accesses = 0;
    };

    $lastI = '';
    while (($l = fgets($in)) !== false) {
        $c = $l[0];
        if ($c === 'I') {
            $insns++;
            if ($l === $split) {
                $endSegment();
            }
            $lastI = $l;
            continue;
        }
        if ($c !== ' ') {
            continue;
        }
        if ($seg < 0) {
            continue;
        }
        $accesses++;
        $comma = strpos($l, ',', 3);
        $a = hexdec(substr($l, 3, $comma - 3));
        $line = $a >> 6;
        if (!isset($lines[$line])) {
            $lines[$line] = $lastI;
        }
        $end = ($a + (int) substr($l, $comma + 1) - 1) >> 6;
        if ($end !== $line && !isset($lines[$end])) {
            $lines[$end] = $lastI;
        }
    }
    fclose($in);
    $status = proc_close($proc);
    bench_check($status === 0, "valgrind lackey {$ring} C={$C} exited with {$status}: " . @file_get_contents("{$info}.err"));
    bench_check($late !== null, "{$ring} C={$C}: the trace never reached the timed part");
    $early = sc_parse_maps((string) file_get_contents("{$info}.early"), $opt['so']);
    bench_check($early['php_base'] === $pre['php_base'], "{$ring} C={$C}: the PHP binary was loaded at another address than expected");
    $r = sc_result((string) file_get_contents("{$info}.out"));
    $expect = $ringShaped ? $C * ($R - 2) : $r['switches'] - 1;
    bench_check($win['segs'] === $expect, "{$ring} C={$C}: " . $win['segs'] . " segments in the window, expected {$expect}");
    $win['msgs'] = $ringShaped ? $win['segs'] : $r['hops'];
    bench_check(!$ringShaped || $r['switches'] >= $C * $R, "{$ring} C={$C}: fewer switches than hops");

    // Resolve the first-touching instructions to functions.
    $sym = sc_symbolizer($maps, $opt['so']);
    $fn = [];
    foreach ($win['fn_cold'] as $key => $count) {
        [$insn, $region] = explode("\0", $key);
        $name = $sym(hexdec(substr($insn, 3, strpos($insn, ',') - 3)));
        $fn[$name][$region] = ($fn[$name][$region] ?? 0) + $count;
    }
    $win['fn_cold'] = $fn;
    return $win;
}

/** Table name of a --lines case. */
function sc_lines_name(array $r): string
{
    return match ($r['ring']) {
        'yield' => 'yield ring',
        'chan' => 'chan ring',
        's1pf' => 'S1 producers first, capacity 1024, M = ' . $r['R'],
        's2pf' => 'S2 producers first, capacity 0, M = ' . $r['R'],
    };
}

/** Distinct lines and pages per switch, and what the cold ones are. Returns markdown. */
function sc_lines(array $opt): string
{
    bench_check(trim((string) shell_exec('command -v valgrind')) !== '', 'valgrind is not installed');
    $dir = sys_get_temp_dir() . '/chan-switchcost-lines';
    @mkdir($dir, 0777, true);
    $cases = $opt['quick'] ? [['yield', 2, 200], ['yield', 1000, 4], ['chan', 1000, 4], ['s1pf', 100, 40]]
        : [['yield', 2, 2000], ['yield', 100, 40], ['yield', 1000, 6], ['yield', 10000, 4],
            ['chan', 2, 2000], ['chan', 100, 40], ['chan', 1000, 6], ['chan', 10000, 4], ['s1pf', 500, 100]];
    $cases = $opt['cases'] ?? $cases;
    $load0 = bench_loadavg();
    $res = [];
    foreach ($cases as [$ring, $C, $R]) {
        sc_log("lackey {$ring} C={$C} R={$R}");
        $res["{$ring}-{$C}"] = ['ring' => $ring, 'C' => $C, 'R' => $R] + sc_lines_one($opt, $ring, $C, $R, $dir);
    }
    $md = "## Memory touched per switch (lackey)\n\n";
    $md .= '- command: `php benchmarks/switchcost.php --lines --so=' . bench_path($opt['so']) . ($opt['quick'] ? ' --quick' : '') . "`\n";
    $md .= '- each ring: `valgrind --tool=lackey --trace-mem=yes php -n -d extension=chan.so benchmarks/switchcost.php --child=RING C R`, '
        . 'every load and store, cut into segments at the instruction of `jump_fcontext` that loads the next context\'s stack pointer '
        . '(a segment = what one coroutine does from being switched to until it switches away, the second half of the switch '
        . 'included); rings: rounds 2 to R - 1 of the timed part counted (every coroutine has run in the ring before; in round R '
        . 'they end); S1: every switch of the timed run, after an untimed run of the same shape; load average '
        . "{$load0} (does not matter)\n";
    $md .= '- a line (64 B) or page (4 KiB) is *cold* when no other switch touched it in the last C/2 switches (at least 2): at '
        . "C = 1,000 that is memory only this coroutine (or the one that woke it, for it) touches, which at that C has been evicted "
        . "from L1 and L2 by the time it runs again\n\n";
    $rows = [];
    foreach ($res as $r) {
        $s = $r['segs'];
        $rows[] = [sc_lines_name($r), bench_int($r['C']), bench_int($s), bench_num($s / $r['msgs'], 3), bench_num($r['insns'] / $s, 0),
            bench_num($r['accesses'] / $s, 0), bench_num($r['lines'] / $s, 1), bench_num($r['cold_lines'] / $s, 1), bench_num($r['pages'] / $s, 1),
            bench_num($r['cold_pages'] / $s, 1), bench_num($r['cold_lines'] / $r['msgs'], 1),
            in_array($r['ring'], ['yield', 'chan'], true) ? bench_num($r['cold_lines'] * 64 * $r['C'] / $s / 1024, 0) : '-'];
    }
    $md .= bench_table(['workload', 'C', 'switches counted', 'switches per message or hop', 'instructions per switch', 'loads + stores',
        'distinct lines', 'cold lines', 'distinct pages', 'cold pages', 'cold lines per message or hop',
        'cold lines x C (KiB): the ring\'s private working set'], $rows);

    $regions = [];
    foreach ($res as $r) {
        $regions = array_unique([...$regions, ...array_keys($r['region_all'])]);
    }
    sort($regions);
    $md .= "\nDistinct lines per switch by where they are (all / cold):\n\n";
    $rowsR = [];
    foreach ($regions as $reg) {
        $row = [$reg];
        foreach ($res as $r) {
            $row[] = bench_num(($r['region_all'][$reg] ?? 0) / $r['segs'], 1) . ' / ' . bench_num(($r['region_cold'][$reg] ?? 0) / $r['segs'], 1);
        }
        $rowsR[] = $row;
    }
    $md .= bench_table(['where', ...array_map(static fn (array $r): string => sc_lines_name($r) . ' C=' . bench_int($r['C']), array_values($res))], $rowsR);

    $buckets = ['1 (the previous switch)', '2-3', '4-30', '31-300', '301-3,000', 'over 3,000', 'never before'];
    $md .= "\nReuse distance of the distinct lines of a switch: how many switches ago the line was last touched (lines per switch):\n\n";
    $rowsD = [];
    foreach ($buckets as $b) {
        $rowsD[] = [$b, ...array_map(static fn (array $r): string => bench_num(($r['dist'][$b] ?? 0) / $r['segs'], 1), array_values($res))];
    }
    $md .= bench_table(['switches since last touched', ...array_map(static fn (array $r): string => sc_lines_name($r) . ' C=' . bench_int($r['C']), array_values($res))], $rowsD);

    foreach ($res as $r) {
        if ($r['C'] < 500) {
            continue;
        }
        $rowsF = [];
        $tot = [];
        foreach ($r['fn_cold'] as $fn => $byRegion) {
            $tot[$fn] = array_sum($byRegion);
        }
        arsort($tot);
        foreach ($tot as $fn => $count) {
            if ($count / $r['segs'] < 0.05) {
                continue;
            }
            $parts = $r['fn_cold'][$fn];
            arsort($parts);
            $rowsF[] = [$fn, bench_num($count / $r['segs'], 2), implode('; ', array_map(static fn (string $reg, int $n): string => $reg . ' ' . bench_num($n / $r['segs'], 2),
                array_keys($parts), $parts))];
        }
        $md .= "\n" . sc_lines_name($r) . ', C = ' . bench_int($r['C']) . ": cold lines per switch by the function that touches them first in the switch:\n\n";
        $md .= bench_table(['function', 'cold lines', 'where'], $rowsF);
    }
    return $md;
}

/* ------------------------------------------------------------------- main */

set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    if (!(error_reporting() & $no)) {
        return false; // silenced with @
    }
    throw new ErrorException($message, 0, $no, $file, $line);
});

try {
    foreach ($argv as $i => $arg) {
        if (preg_match('/^--child=(.+)$/', $arg, $m)) {
            bench_check(extension_loaded('chan'), 'the chan extension is not loaded');
            $rest = array_slice($argv, $i + 1);
            $info = null;
            foreach ($rest as $k => $a) {
                if (preg_match('/^--info=(.+)$/', $a, $mm)) {
                    $info = $mm[1];
                    unset($rest[$k]);
                }
            }
            $rest = array_values($rest);
            bench_check(count($rest) === 2 && preg_match('/^[0-9]+$/', $rest[0] . $rest[1]) === 1 && (int) $rest[0] >= 1 && (int) $rest[1] >= 1,
                'usage: --child=RING C R [--info=FILE]');
            sc_child($m[1], (int) $rest[0], (int) $rest[1], $info);
        }
    }
    $opt = sc_options($argv);
    $md = "# chan: the cost of a switch as coroutines multiply\n\n";
    $md .= '- chan.so: ' . bench_path($opt['so']) . ' (sha1 ' . substr((string) sha1_file($opt['so']), 0, 12) . '); PHP ' . PHP_VERSION
        . '; benchmark scripts from git '
        . (trim((string) @shell_exec('git -C ' . escapeshellarg(dirname(__DIR__)) . ' describe --always --dirty 2>/dev/null')) ?: 'unknown') . "\n\n";
    foreach ($opt['modes'] as $mode) {
        $md .= match ($mode) {
            'time' => sc_time($opt),
            'perf' => sc_perf($opt),
            'cachegrind' => sc_cachegrind($opt),
            'lines' => sc_lines($opt),
            'compare' => sc_compare($opt),
        } . "\n";
    }
    echo $md;
    if ($opt['out'] !== '-') {
        bench_write_file($opt['out'], $md);
    }
} catch (Throwable $e) {
    bench_fail(get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
}

function bench_write_file(string $file, string $text): void
{
    bench_check(file_put_contents($file, $text) !== false, "cannot write {$file}");
    fprintf(STDERR, "written to %s\n", $file);
}
