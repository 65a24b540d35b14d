<?php
/**
 * S5, memory (../shared/BENCHMARKS.md): RSS of a process with K = 10,000,
 * 100,000 and 1,000,000 coroutines all parked in pop() on one channel; bytes per
 * coroutine = (RSS_K - RSS_0) / K, plus the number of memory maps at the
 * peak. The same for plain PHP Fibers, each suspended in Fiber::suspend().
 *
 * Each (kind, K) runs in a child process (this file run as a script with
 * --child KIND K), started by proc_open() with the parent's PHP binary, its
 * chan.so and opcache/JIT settings, and memory_limit=-1, so one run's heap
 * cannot skew the next one's RSS. The child prints one JSON object.
 *
 * Every C stack of a Fiber is its own mmap() with a guard page: two memory
 * maps each. The kernel's vm.max_map_count (65530 by default) therefore caps
 * a process at about 32,000 of them; past that, the stack allocation throws.
 * Such a failure is a result, reported in the table with how many got
 * parked. chan's stacks come from slabs (chan_stack.h) and do not hit it.
 * Fibers are not tried at 1,000,000 (they fail at 100,000 already), and the
 * 1,000,000 row is one run, not a median: on this class of machine each
 * first touch of a page costs ~20 us, so a run takes minutes.
 */

declare(strict_types=1);

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;

use function Chan\go;

/** Is $e the allocation of a C stack failing (the map limit or memory)? */
function s5_is_stack_failure(Throwable $e): bool
{
    return (bool) preg_match('/Fiber stack|coroutine stack|mmap|mprotect/i', $e->getMessage());
}

/** RSS, memory maps and Zend heap now, keyed rss$at, maps$at, heap$at. */
function s5_snapshot(string $at): array
{
    return ["rss{$at}" => bench_rss_bytes(), "maps{$at}" => bench_maps_count(), "heap{$at}" => memory_get_usage()];
}

/**
 * The child's measurement: $kind 'chan' (K coroutines parked in pop() on one
 * unbuffered channel) or 'fiber' (K Fibers suspended). Releases them all and
 * checks every one finished.
 */
function s5_child(string $kind, int $K): array
{
    $r = ['kind' => $kind, 'K' => $K, 'error' => null];
    $started = 0;
    $finished = 0;
    $sum = 0;
    gc_collect_cycles();

    if ($kind === 'chan') {
        $ch = new Channel(0);
        $wg = new WaitGroup($K);
        $body = static function () use ($ch, $wg, &$started, &$finished, &$sum): void {
            $started++;
            $sum += $ch->pop();
            $finished++;
            $wg->done();
        };
        $r += s5_snapshot('0');
        $t0 = hrtime(true);
        try {
            for ($i = 0; $i < $K; $i++) {
                go($body);
            }
            Coroutine::yield(); // every one of them runs until it parks in pop()
        } catch (Throwable $e) {
            // chan treats a coroutine that cannot get a C stack like one an
            // exception escaped: the others are destroyed, the error is
            // rethrown from main's blocking call (here yield()).
            $r['error'] = get_class($e) . ': ' . $e->getMessage();
            $r['parked'] = $started;
            if (!s5_is_stack_failure($e)) {
                throw $e;
            }
        }
        $r['park_ns'] = (hrtime(true) - $t0) / $K;
        if ($r['error'] === null) {
            $stats = $ch->stats();
            bench_check($stats['poppers'] === $K && $started === $K, "chan K={$K}: {$stats['poppers']} poppers parked, {$started} started");
            $r['parked'] = $K;
            $r += s5_snapshot('K');
            for ($i = 0; $i < $K; $i++) {
                $ch->push($i); // hands the value to the longest-parked popper
            }
            $wg->wait();
            for ($k = 0; $k < 4 && Coroutine::count() > 0; $k++) {
                Coroutine::yield();
            }
            bench_check(Coroutine::count() === 0, "chan K={$K}: " . Coroutine::count() . ' coroutines alive after the release');
        }
        $ch = $wg = $body = null;
    } else {
        $fibers = [];
        $body = static function () use (&$started, &$finished, &$sum): void {
            $started++;
            $sum += Fiber::suspend();
            $finished++;
        };
        $r += s5_snapshot('0');
        $t0 = hrtime(true);
        try {
            for ($i = 0; $i < $K; $i++) {
                $fiber = new Fiber($body);
                $fiber->start();
                $fibers[] = $fiber;
            }
        } catch (Throwable $e) {
            // Near the map limit nothing may map memory: release first, then look.
            $r['error'] = get_class($e) . ': ' . $e->getMessage();
            $r['parked'] = count($fibers);
            if (!s5_is_stack_failure($e)) {
                throw $e;
            }
        }
        $r['park_ns'] = (hrtime(true) - $t0) / $K;
        if ($r['error'] === null) {
            $r['parked'] = $K;
            $r += s5_snapshot('K');
        }
        foreach ($fibers as $i => $fiber) {
            $fiber->resume($i);
            bench_check($fiber->isTerminated(), "fiber K={$K}: fiber {$i} did not finish");
        }
        $fiber = $fibers = $body = null;
    }

    $n = $r['parked'];
    bench_check($started === $n, "{$kind} K={$K}: {$started} started but {$n} parked");
    if ($kind === 'chan' && $r['error'] !== null) {
        // The abort destroyed the parked coroutines instead of letting them finish.
        bench_check($finished === 0 && Coroutine::count() === 0, "chan K={$K}: after the abort {$finished} finished, "
            . Coroutine::count() . ' still alive');
    } else {
        bench_check($finished === $n && $sum === intdiv($n * ($n - 1), 2),
            "{$kind} K={$K}: {$finished} of {$n} parked finished, checksum {$sum}");
    }
    gc_collect_cycles();
    $r['finished'] = $finished;
    $r['rss_after'] = bench_rss_bytes();
    $r['maps_after'] = bench_maps_count();
    return $r;
}

/** Runs one child and returns its decoded result. */
function s5_run_child(string $kind, int $K): array
{
    $so = bench_loaded_extension_path();
    bench_check($so !== null, 'S5: cannot find the loaded chan.so in /proc/self/maps');
    $cmd = [PHP_BINARY, '-d', 'extension=' . $so, '-d', 'memory_limit=-1'];
    $status = function_exists('opcache_get_status') ? @opcache_get_status(false) : false;
    if (is_array($status) && !empty($status['opcache_enabled'])) {
        foreach (['opcache.enable_cli', 'opcache.jit', 'opcache.jit_buffer_size'] as $name) {
            $cmd[] = '-d';
            $cmd[] = $name . '=' . ini_get($name);
        }
    } else {
        array_push($cmd, '-d', 'opcache.enable_cli=0');
    }
    array_push($cmd, __FILE__, '--child', $kind, (string) $K);

    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    bench_check(is_resource($proc), 'S5: proc_open failed');
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $code = proc_close($proc);
    $r = json_decode((string) $out, true);
    bench_check($code === 0 && is_array($r), "S5 child {$kind} K={$K} failed (exit {$code}): " . trim($err . "\n" . $out));
    bench_check(trim((string) $err) === '', "S5 child {$kind} K={$K} wrote to stderr: " . trim((string) $err));
    return $r;
}

/** S5 section. */
function s5(array $opt, array $floors): array
{
    $sizes = $opt['quick'] ? [10_000] : [10_000, 100_000, 1_000_000];
    $rows = [];
    $notes = [];
    foreach (['chan', 'fiber'] as $kind) {
        foreach ($sizes as $K) {
            if ($kind === 'fiber' && $K > 100_000) {
                continue;
            }
            $runs = [];
            $failed = null;
            for ($r = 0; $r < ($K > 100_000 ? 1 : $opt['runs']); $r++) {
                $res = s5_run_child($kind, $K);
                if ($res['error'] !== null) {
                    $failed = $res;
                    break; // the map limit is deterministic: another run says nothing new
                }
                $runs[] = $res;
            }
            $label = $kind === 'chan' ? 'chan coroutines parked in pop()' : 'PHP Fibers in Fiber::suspend()';
            if ($failed !== null) {
                $rows[] = [$label, bench_int($K), bench_num($failed['rss0'] / 1048576, 1), '-', '-', '-', bench_int($failed['maps0']),
                    '-', '-', bench_num($failed['rss_after'] / 1048576, 1), bench_int($failed['maps_after']),
                    'FAILED after ' . bench_int($failed['parked']) . ' parked ('
                    . ($kind === 'chan' ? 'the abort destroyed them' : 'all resumed and finished') . ')'];
                $notes[] = "{$label}, K = " . bench_int($K) . ': the ' . bench_int($failed['parked'] + 1) . 'th could not get a C stack: `'
                    . $failed['error'] . '`' . (count($runs) > 0 ? ' (in run ' . (count($runs) + 1) . '; the earlier runs succeeded)' : '')
                    . '.';
                continue;
            }
            $per = static fn (string $a, string $b): float => bench_median(array_map(static fn (array $x): float => ($x[$b] - $x[$a]) / $x['K'], $runs));
            $med = static fn (string $key): float => bench_median(array_column($runs, $key));
            $rows[] = [
                $label,
                bench_int($K),
                bench_num($med('rss0') / 1048576, 1),
                bench_num($med('rssK') / 1048576, 1),
                bench_int($per('rss0', 'rssK')),
                bench_int($per('heap0', 'heapK')),
                bench_int($med('maps0')),
                bench_int($med('mapsK')),
                bench_num($med('park_ns') / 1000, 1),
                bench_num($med('rss_after') / 1048576, 1),
                bench_int($med('maps_after')),
                'all ' . bench_int($K) . ' finished' . (count($runs) > 1 ? ', ' . count($runs) . ' runs' : ''),
            ];
        }
    }
    $limit = bench_max_map_count();
    return [
        'title' => 'S5: memory of parked coroutines',
        'intro' => 'K coroutines all parked in `pop()` on one `new Channel(0)`, and for comparison K plain PHP Fibers each suspended in '
            . '`Fiber::suspend()`. Each (kind, K) runs in its own child process (proc_open, same PHP binary, chan.so and opcache '
            . 'settings, `memory_limit=-1`). RSS is VmRSS of /proc/self/status, measured before the first spawn (RSS_0) and when all K are '
            . 'parked (RSS_K); bytes/coroutine = (RSS_K - RSS_0) / K. maps = lines of /proc/self/maps. Then the child releases them '
            . '(pushes K values, or resumes each Fiber) and checks that every one finished with the right value. Medians of '
            . $opt['runs'] . ' child run(s) per row. vm.max_map_count on this machine: ' . ($limit === null ? 'unknown' : bench_int($limit)) . '.',
        'headers' => ['kind', 'K', 'RSS_0 MiB', 'RSS_K MiB', 'RSS bytes/coroutine', 'Zend heap bytes/coroutine', 'maps at start',
            'maps at peak', 'us to spawn+park each', 'RSS after release MiB', 'maps after release', 'result'],
        'rows' => $rows,
        'notes' => array_merge([
            'Zend heap bytes/coroutine = memory_get_usage() delta / K: PHP-level memory. A Fiber gets a 16 KiB VM stack (1024 zvals), '
            . 'counted in full, plus its object and closure frame; a chan coroutine only its bookkeeping: its first VM stack page '
            . '(2 KiB, more pages on demand) sits at the top of its C stack. RSS counts only the pages touched: for a chan coroutine '
            . 'parked in pop() that is one page of its C stack (chan.stack_size = ' . ini_get('chan.stack_size') . ' reserved from a '
            . '64 MiB slab, not resident) holding its C frames, its worker and that first VM page. '
            . 'A Fiber\'s C stack is one mmap of fiber.stack_size (' . (in_array(ini_get('fiber.stack_size'), ['', '0', false], true) ? 'here the default: 2 MiB on 64-bit' : 'here ' . ini_get('fiber.stack_size'))
            . ') plus a guard page, two memory maps, so '
            . ($limit === null ? 'vm.max_map_count' : 'vm.max_map_count = ' . bench_int($limit)) . ' allows about '
            . ($limit === null ? 'half that many' : bench_int(intdiv($limit, 2))) . ' parked Fibers in one process. chan\'s slabs are '
            . 'single mappings whose guard pages (MADV_GUARD_INSTALL) do not split them, and neighbouring slabs merge: a few maps '
            . 'for any K.',
        ], $notes),
    ];
}

// Run as a script: the child side.
if (PHP_SAPI === 'cli' && isset($argv[1]) && $argv[1] === '--child' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    require_once __DIR__ . '/lib.php';
    set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
        throw new ErrorException($message, 0, $no, $file, $line);
    });
    $kind = $argv[2] ?? '';
    $K = (int) ($argv[3] ?? 0);
    if (!in_array($kind, ['chan', 'fiber'], true) || $K < 1) {
        fwrite(STDERR, "usage: php s5.php --child chan|fiber K\n");
        exit(2);
    }
    try {
        echo json_encode(s5_child($kind, $K), JSON_THROW_ON_ERROR), "\n";
    } catch (Throwable $e) {
        bench_fail(get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
    }
}
