<?php
/**
 * S4, connection pool (../shared/BENCHMARKS.md): a map host => Channel of
 * capacity 100 holding connection objects, 4 hosts. C coroutines loop: pick a
 * random host, get = tryPop() or create a new connection object, put =
 * tryPush() or drop it. Reports get+put pairs per second over 2 s, for both
 * rings.
 *
 *   S4   nothing between get and put
 *   S4u  Coroutine::sleep(0.001) between get and put
 *   S4y  (not in BENCHMARKS.md) Coroutine::yield() between get and put
 *
 * tryPop() and tryPush() never switch, so in S4 a coroutine runs its whole
 * loop without letting another run: the first coroutine does every pair and
 * the others start after the deadline. The table shows how many coroutines
 * did any pair, so that is visible; S4y is the same loop with a switch in
 * the middle, which is what a pool shared by many coroutines costs.
 */

declare(strict_types=1);

use Chan\Channel;
use Chan\Coroutine;
use Chan\WaitGroup;

use function Chan\go;

/** A pooled "connection": only the host it belongs to. */
final class S4Connection
{
    public function __construct(public readonly string $host)
    {
    }
}

const S4_HOSTS = ['db1.internal:5432', 'db2.internal:5432', 'cache.internal:6379', 'api.internal:443'];
const S4_POOL_CAPACITY = 100;
/** What happens between get and put, by variant. */
const S4_VARIANTS = ['S4' => 'none', 'S4u' => 'sleep', 'S4y' => 'yield'];

/**
 * One run: C coroutines loop until $seconds after the first spawn. Checks at
 * the end that every created connection is either dropped or back in the
 * pool of its own host.
 *
 * @return array{ns: int, cpu_ns: float, pairs: int, created: int, dropped: int, switches: int, busy: int}
 */
function s4_once(int $C, bool $lock, string $pause, float $seconds): array
{
    $pool = [];
    foreach (S4_HOSTS as $host) {
        $pool[$host] = new Channel(S4_POOL_CAPACITY, $lock);
    }
    $hosts = S4_HOSTS;
    $last = count($hosts) - 1;
    $done = new WaitGroup($C);
    $perCoroutine = array_fill(0, $C, 0);
    $created = 0;
    $dropped = 0;
    $deadline = 0;
    // Without a switch point the deadline is checked every 64 pairs (hrtime()
    // per pair would be a sizeable part of a pair); with one, every pair.
    $batch = $pause === 'none' ? 64 : 1;

    $worker = static function (int $w) use ($pool, $hosts, $last, $pause, $batch, &$deadline, $done, &$perCoroutine, &$created, &$dropped): void {
        $n = 0;
        $made = 0;
        $drop = 0;
        while (hrtime(true) < $deadline) {
            for ($k = 0; $k < $batch; $k++) {
                $host = $hosts[mt_rand(0, $last)];
                $ch = $pool[$host];
                if (!$ch->tryPop($conn)) {
                    $conn = new S4Connection($host);
                    $made++;
                }
                if ($pause === 'sleep') {
                    Coroutine::sleep(0.001);
                } elseif ($pause === 'yield') {
                    Coroutine::yield();
                }
                if (!$ch->tryPush($conn)) {
                    $drop++;
                }
                $conn = null;
                $n++;
            }
        }
        $perCoroutine[$w] = $n;
        $created += $made;
        $dropped += $drop;
        $done->done();
    };

    $switches0 = Coroutine::stats()['switches'];
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    $deadline = $t0 + (int) ($seconds * 1e9);
    for ($w = 0; $w < $C; $w++) {
        go($worker, $w);
    }
    $done->wait();
    $ns = hrtime(true) - $t0;
    $cpuNs = (bench_cpu_seconds() - $cpu0) * 1e9;
    $switches = Coroutine::stats()['switches'] - $switches0;

    $where = "{$pause} C={$C} " . ($lock ? 'mutex' : 'lockfree');
    $pairs = array_sum($perCoroutine);
    bench_check($pairs > 0, "{$where}: no pair done");
    $pooled = 0;
    foreach ($pool as $host => $ch) {
        $len = count($ch);
        bench_check($len <= S4_POOL_CAPACITY, "{$where}: pool of {$host} holds {$len} > " . S4_POOL_CAPACITY);
        $pooled += $len;
        while ($ch->tryPop($conn)) {
            bench_check($conn instanceof S4Connection && $conn->host === $host, "{$where}: pool of {$host} held a connection of another host");
        }
    }
    bench_check($created === $dropped + $pooled,
        "{$where}: {$created} connections created, {$dropped} dropped, {$pooled} pooled: some went missing or came from nowhere");

    return [
        'ns' => $ns, 'cpu_ns' => $cpuNs, 'pairs' => $pairs, 'created' => $created, 'dropped' => $dropped,
        'switches' => $switches, 'busy' => count(array_filter($perCoroutine)),
    ];
}

/**
 * What a plain 1 ms sleep costs on this machine, without coroutines:
 * [wall ms, CPU us] per usleep(1000), medians over $n sleeps.
 *
 * @return array{0: float, 1: float}
 */
function s4_plain_sleep(int $n): array
{
    $wall = [];
    $cpu = [];
    for ($i = 0; $i < $n; $i++) {
        $c0 = bench_cpu_seconds();
        $t0 = hrtime(true);
        usleep(1000);
        $wall[] = (hrtime(true) - $t0) / 1e6;
        $cpu[] = (bench_cpu_seconds() - $c0) * 1e6;
    }
    return [bench_median($wall), array_sum($cpu) / $n];
}

/** S4, S4u and S4y in one table. */
function s4(array $opt, array $floors): array
{
    $seconds = $opt['quick'] ? 0.2 : 2.0;
    [$sleepMs, $sleepCpuUs] = s4_plain_sleep($opt['quick'] ? 50 : 200);
    $rows = [];
    foreach (S4_VARIANTS as $variant => $pause) {
        // S4y at C = 1 would only yield to itself.
        foreach ($pause === 'yield' ? [4, 100] : [1, 4, 100] as $C) {
            $byRing = array_fill_keys(array_keys(BENCH_RINGS), []);
            for ($r = 0; $r < $opt['runs']; $r++) {
                foreach (BENCH_RINGS as $ring => $lock) {
                    gc_collect_cycles();
                    $byRing[$ring][] = s4_once($C, $lock, $pause, $seconds);
                }
            }
            foreach ($byRing as $ring => $results) {
                $rates = array_map(static fn (array $x): float => $x['pairs'] * 1e9 / $x['ns'], $results);
                $per = static fn (string $key): float => bench_median(array_map(static fn (array $x): float => $x[$key] / $x['pairs'], $results));
                $rate = bench_median($rates);
                $rows[] = [
                    $variant,
                    (string) $C,
                    $ring,
                    bench_int($rate),
                    bench_num($per('cpu_ns'), 0),
                    $pause === 'sleep' ? bench_num(100 * $rate / ($C * 1000), 1) . '%' : '-',
                    bench_num($per('switches'), 3),
                    bench_int(bench_median(array_column($results, 'busy'))) . ' of ' . $C,
                    bench_int(bench_median(array_column($results, 'created'))),
                    bench_int(bench_median(array_column($results, 'dropped'))),
                    bench_spread($rates),
                ];
            }
        }
    }
    $ratio = bench_num($floors['a_ns'], 1);
    return [
        'title' => 'S4: connection pool (S4, S4u; S4y extra)',
        'intro' => 'A map host => `new Channel(' . S4_POOL_CAPACITY . ', $lock)` of connection objects, ' . count(S4_HOSTS)
            . ' hosts, initially empty. C coroutines loop for ' . $seconds . ' s: pick a random host (`mt_rand`), '
            . 'get = `tryPop($conn)` or `new S4Connection($host)`, put = `tryPush($conn)` or drop it. '
            . '**S4**: nothing between get and put; **S4u**: `Coroutine::sleep(0.001)` between them; '
            . '**S4y** (not in BENCHMARKS.md; C = 4, 100): `Coroutine::yield()` between them. pairs/s = get+put pairs of all coroutines / wall '
            . 'time from the first spawn until the last coroutine is done. Medians of ' . $opt['runs'] . ' run(s).',
        'headers' => ['variant', 'C', 'ring', 'pairs/s', 'CPU ns/pair', 'of C x 1000/s', 'switches/pair', 'coroutines that did pairs',
            'created', 'dropped', 'spread'],
        'rows' => $rows,
        'notes' => [
            'Every run checks that each created connection ends either dropped or back in its own host\'s pool (created = dropped + pooled). '
            . 'CPU ns/pair = process CPU time per pair (for S4u: the work around the sleeps: the pair, the timer and the two switches). '
            . '"of C x 1000/s" (S4u only) = pairs/s against C coroutines each doing one pair per millisecond, the most a 1 ms sleep allows. '
            . 'For reference, a plain `usleep(1000)` in this process, no coroutines, took ' . bench_num($sleepMs, 3) . ' ms (median) and '
            . bench_num($sleepCpuUs, 1) . ' us of CPU (mean) on this machine: the kernel\'s timer and wake-up, which S4u pays per sleep '
            . 'too (at C = 1 the process goes idle every time).',
            'tryPop() and tryPush() never switch, so in **S4** the first coroutine runs the whole loop alone and the others find the deadline '
            . 'passed when they start ("coroutines that did pairs": 1 of C): cooperative scheduling, as in Go with GOMAXPROCS=1 and no preemption, '
            . 'or Swoole. S4 at C = 4 or 100 therefore measures the same loop as C = 1. **S4y** puts a switch between get and put, so C '
            . 'connections are out at once (more creations) and every pair pays a context switch. For scale, floor (a) (SplQueue push+pop) is '
            . "{$ratio} ns.",
        ],
    ];
}
