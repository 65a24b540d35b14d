<?php
/**
 * Soak benchmark (issue 6; long, not run in CI): pushes --messages values
 * through short-lived channels while about --coroutines coroutines are alive,
 * with timeouts firing, channels made, closed and dropped all the time, select
 * and WaitGroup in use. Samples RSS every second and reports the slope of RSS
 * over the second half of the run, and every value lost or duplicated.
 *
 *   php -d extension=/path/to/chan.so benchmarks/soak.php [options]
 *
 *   --messages=N     messages to deliver (default 100000000)
 *   --coroutines=N   coroutines kept alive (default 10000)
 *   --seconds=N      start no new work after N seconds (default: no cap)
 *   --lock=0|1|mix   ring of every channel: 0 lock-free, 1 mutex, mix (default)
 *                    alternates them channel by channel
 *   --seed=N         mt_srand() seed for the shape of the work (default 1)
 *   --max-slope=K    RSS slope in KiB/min above which the run fails (default 256)
 *   --max-rss=M      abort once RSS exceeds M MiB (default 4096): a runaway leak
 *                    must not take the shared machine down
 *   --stuck=S        fail once a group has moved no value for S seconds (default
 *                    120; 0: never); the report also counts groups open > 60 s
 *   --samples=FILE   also write every sample as tab-separated columns
 *   --quiet          no progress lines on stderr
 *
 * The work is a rolling set of groups. A group is one channel (sometimes two,
 * then producers and some consumers use select over both) with random
 * capacity (0..4096) and ring, 1-4 producers, 1-4 consumers, a closer and
 * sometimes a killer. Producers push with push(), push() with a timeout,
 * tryPush() or select() with a timeout or Go's default; consumers pop with
 * pop(), pop() with a timeout, tryPop(), foreach or select() (the first
 * consumer always waits without a timeout); some producers pause so that the
 * timeouts of the others fire. The closer waits (with a timeout, in a
 * loop) on the producers' WaitGroup, closes the channel, waits on the
 * consumers' WaitGroup and hands the group to main. A killer closes the
 * channel early, under the feet of parked pushers and poppers. Some groups
 * are abandoned: their consumers stop early and the channel is dropped with
 * values still in it. Main checks the group, drops it and starts new groups
 * while fewer than --coroutines coroutines are alive. Beside the groups, a
 * long-lived channel per ring (capacity 65536) is filled with bursts of up to
 * 10,000 values every 0.2-1 s and drained by one consumer in pop() with a
 * 5 ms timeout.
 *
 * Accounting, exact with bounded memory: each value carries (producer, seq);
 * a producer's seq only moves on after a push that succeeded, so the values it
 * sent are exactly seqs 0..sent-1. Values are ints, S1-style arrays or objects
 * that count their own instances. Consumers set one bit per value in the
 * group's bitset: a bit already set is a duplicate, a bit at or past `sent` a
 * value whose push failed but arrived anyway (phantom), a value of another
 * group foreign; bits missing at the end are lost, less the values left in an
 * abandoned channel (its count()). The long-lived channels have one producer
 * and one consumer, so there the consumer checks strict FIFO order.
 *
 * Leak checks besides RSS: Coroutine::count() against the coroutines this
 * script has running, a WeakReference to every dropped channel (still alive
 * 2 s later: leaked), the live count of value objects (zero at the end).
 *
 * Scheduling check: a group that moves no value for --stuck seconds means a
 * coroutine that was woken is not being run. A group's age alone says
 * nothing: with ~10,000 coroutines runnable, every hand-off on an unbuffered
 * channel waits one turn of the FIFO run queue, so a group moving 1,600
 * values one hand-off at a time may rightly stay open for minutes.
 *
 * The slope is the least-squares fit of RSS against time over the second half
 * of the steady samples (also shown: over all of them but the first 10%, the
 * warm-up), with twice its standard error. Steady: main still starts new
 * groups; once the message budget or --seconds is used up the load winds down
 * (the drain) and memory with it. The same fits of memory_get_usage() tell a
 * growing Zend heap from pages of a bounded heap being touched for the first
 * time. Exit status 1 when anything was lost, duplicated, phantom, foreign or
 * leaked, a group got stuck, or the RSS slope less twice its standard error
 * is above --max-slope (a slope over fewer than 10 samples decides nothing).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

use Chan\Channel;
use Chan\ClosedException;
use Chan\Coroutine;
use Chan\TimeoutException;
use Chan\WaitGroup;

use function Chan\go;
use function Chan\run;
use function Chan\select;

const SOAK_P_PUSH = 0;
const SOAK_P_PUSH_TIMEOUT = 1;
const SOAK_P_TRY = 2;
const SOAK_P_SELECT = 3;

const SOAK_C_POP = 0;
const SOAK_C_POP_TIMEOUT = 1;
const SOAK_C_TRY = 2;
const SOAK_C_FOREACH = 3;
const SOAK_C_SELECT = 4;

/** Bits of a value id that hold the sequence number; the producer id sits above. */
const SOAK_SEQ_BITS = 20;

/** A value that counts its own live instances: values a channel drops must be freed. */
final class SoakMsg
{
    public static int $live = 0;

    public function __construct(public readonly int $id)
    {
        self::$live++;
    }

    public function __destruct()
    {
        self::$live--;
    }
}

/** Counters of the whole run; one instance, shared by every coroutine. */
final class SoakTotals
{
    public int $live = 0;          // coroutines of this script that have not ended
    public int $spawned = 0;
    public int $delivered = 0;     // values received, groups and long-lived channels
    public int $planned = 0;       // quotas of groups started, less what finished groups fell short
    public int $sent = 0;          // verified groups: successful pushes
    public int $received = 0;      // verified groups: values received
    public int $lost = 0;
    public int $dup = 0;
    public int $phantom = 0;
    public int $foreign = 0;
    public int $abandoned = 0;     // values dropped with their channel (accounted, not lost)
    public int $timerExpiries = 0; // push/pop/select/wait with a timeout > 0 that expired
    public int $zeroRefusals = 0;  // timeout 0, tryPush/tryPop: nothing ready
    public int $closedPushes = 0;  // pushes refused because the channel was closed
    public int $earlyCloses = 0;   // channels closed by a killer before their producers were done
    public int $groups = 0;
    public int $channels = 0;
    public int $leakedChannels = 0;
    public int $countMismatch = 0; // largest |Coroutine::count() - coroutines alive by our count|
    public bool $stopping = false;
    /** Main still starts new groups (false once the budget or --seconds is used up: the drain). */
    public bool $steady = true;
    /** @var array<int, SoakGroup> groups started and not yet checked, oldest first */
    public array $open = [];
    /** @var list<array{float, int, int, int, int, int, int, int, int, float, int}> t, rss KiB, heap, coroutines, delivered, timer expiries, live objects, channels not yet freed, steady, age of the oldest open group, groups open > 60 s */
    public array $samples = [];
}

/** One group: its channels, plan and the bitset of values received. */
final class SoakGroup
{
    /** @var array<int, int> (producer << 14 | seq >> 6) => 64 bits of "received" */
    public array $seen = [];
    /** @var list<int> successful pushes per producer */
    public array $sent;
    public int $received = 0;
    public int $dup = 0;
    public int $foreign = 0;
    public WaitGroup $wgP;
    public WaitGroup $wgC;
    /** What start_group drew, for the report of a hang. */
    public string $plan = '';
    /** hrtime() when it started. */
    public int $started = 0;
    /** Values sent + received at the last sample, and hrtime() when that last changed. */
    public int $progress = -1;
    public int $progressAt = 0;

    /**
     * @param list<int> $quota values each producer tries to send
     */
    public function __construct(
        public readonly int $id,
        public readonly int $pidBase,
        public readonly array $quota,
        public readonly Channel $ch,
        public readonly ?Channel $side,
        public readonly float $timeout,
        public readonly bool $abandon,
        private readonly SoakTotals $t,
    ) {
        $this->sent = array_fill(0, count($quota), 0);
        $this->wgP = new WaitGroup();
        $this->wgC = new WaitGroup();
    }

    public function take(mixed $v): void
    {
        if (is_int($v)) {
            $id = $v;
        } elseif (is_array($v)) {
            $id = ($v['producer'] << SOAK_SEQ_BITS) | $v['message'];
        } elseif ($v instanceof SoakMsg) {
            $id = $v->id;
        } else {
            $this->foreign++;
            return;
        }
        $p = ($id >> SOAK_SEQ_BITS) - $this->pidBase;
        if ($p < 0 || $p >= count($this->quota)) {
            $this->foreign++;
            return;
        }
        $seq = $id & ((1 << SOAK_SEQ_BITS) - 1);
        $k = ($p << 14) | ($seq >> 6);
        $bit = 1 << ($seq & 63);
        $w = $this->seen[$k] ?? 0;
        if (($w & $bit) !== 0) {
            $this->dup++;
            return;
        }
        $this->seen[$k] = $w | $bit;
        $this->received++;
        $this->t->delivered++;
    }
}

/** A long-lived channel filled in bursts and drained, one producer, one consumer. */
final class SoakReservoir
{
    public int $sent = 0;
    public int $next = 0;      // seq the consumer expects
    public int $received = 0;
    public int $lost = 0;
    public int $dup = 0;

    public function __construct(public readonly Channel $ch)
    {
    }
}

function soak_usage(int $code): never
{
    preg_match('~/\*\*(.*?)\*/~s', (string) file_get_contents(__FILE__), $m);
    fwrite($code === 0 ? STDOUT : STDERR, trim((string) preg_replace('~^\s*\* ?~m', '', $m[1] ?? '')) . "\n");
    exit($code);
}

function soak_options(array $argv): array
{
    $opt = ['messages' => 100_000_000, 'coroutines' => 10_000, 'seconds' => null, 'lock' => 'mix', 'seed' => 1,
        'max_slope' => 256.0, 'max_rss' => 4096, 'stuck' => 120, 'samples' => null, 'quiet' => false];
    foreach (array_slice($argv, 1) as $arg) {
        if (preg_match('/^--(messages|coroutines|seconds|seed|max-rss|stuck)=([0-9]+)$/', $arg, $m)) {
            $opt[str_replace('-', '_', $m[1])] = (int) $m[2];
        } elseif (preg_match('/^--lock=(0|1|mix)$/', $arg, $m)) {
            $opt['lock'] = $m[1];
        } elseif (preg_match('/^--max-slope=([0-9]+(\.[0-9]+)?)$/', $arg, $m)) {
            $opt['max_slope'] = (float) $m[1];
        } elseif (preg_match('/^--samples=(.+)$/', $arg, $m)) {
            $opt['samples'] = $m[1];
        } elseif ($arg === '--quiet') {
            $opt['quiet'] = true;
        } elseif ($arg === '--help' || $arg === '-h') {
            soak_usage(0);
        } else {
            fwrite(STDERR, "unknown or malformed argument: {$arg}\n");
            soak_usage(2);
        }
    }
    if ($opt['messages'] < 1 || $opt['coroutines'] < 20) {
        fwrite(STDERR, "--messages must be >= 1 and --coroutines >= 20\n");
        exit(2);
    }
    return $opt;
}

/** Ones in the 64 bits of $w. */
function soak_popcount(int $w): int
{
    return substr_count(decbin($w), '1');
}

/**
 * Least-squares slope of y against x, and its standard error.
 *
 * @param list<array{float, float}> $points
 * @return array{float, float}|null
 */
function soak_slope(array $points): ?array
{
    $n = count($points);
    if ($n < 3) {
        return null;
    }
    $sx = $sy = 0.0;
    foreach ($points as [$x, $y]) {
        $sx += $x;
        $sy += $y;
    }
    $mx = $sx / $n;
    $my = $sy / $n;
    $sxx = $sxy = 0.0;
    foreach ($points as [$x, $y]) {
        $sxx += ($x - $mx) ** 2;
        $sxy += ($x - $mx) * ($y - $my);
    }
    if ($sxx <= 0) {
        return null;
    }
    $b = $sxy / $sxx;
    $ss = 0.0;
    foreach ($points as [$x, $y]) {
        $ss += ($y - $my - $b * ($x - $mx)) ** 2;
    }
    return [$b, sqrt($ss / ($n - 2) / $sxx)];
}

/** One sample; throws (and so ends the run) once RSS passes the cap. */
function soak_sample(SoakTotals $t, float $t0, array $opt, int $graveyard): void
{
    $rss = intdiv(bench_rss_bytes() ?? 0, 1024);
    $now = hrtime(true);
    $oldest = $t->open === [] ? null : $t->open[array_key_first($t->open)];
    $age = $oldest === null ? 0.0 : ($now - $oldest->started) / 1e9;
    $old = 0;
    foreach ($t->open as $g) {
        if ($now - $g->started <= 60e9) {
            break; // oldest first
        }
        $old++;
    }
    $t->samples[] = [($now - $t0) / 1e9, $rss, memory_get_usage(), Coroutine::count(), $t->delivered,
        $t->timerExpiries, SoakMsg::$live, $graveyard, (int) $t->steady, $age, $old];
    if ($rss > $opt['max_rss'] * 1024) {
        throw new RuntimeException(sprintf('RSS %.0f MiB passed --max-rss=%d', $rss / 1024, $opt['max_rss']));
    }
    if ($opt['stuck'] > 0) {
        foreach ($t->open as $g) {
            $progress = array_sum($g->sent) + $g->received;
            if ($progress !== $g->progress) {
                $g->progress = $progress;
                $g->progressAt = $now;
            } elseif ($now - $g->progressAt > $opt['stuck'] * 1e9) {
                throw new RuntimeException(sprintf("a group has moved no value for %.0f s (--stuck=%d): a lost wake-up?\n%s",
                    ($now - $g->progressAt) / 1e9, $opt['stuck'], soak_describe($g)));
            }
        }
    }
}

/** One line about an open group, for the report of a hang. */
function soak_describe(SoakGroup $g): string
{
    return sprintf('group %d (%s): quota [%s] sent [%s] received %d, producers+killer left %d, consumers left %d, main %s, side %s',
        $g->id, trim($g->plan), implode(',', $g->quota), implode(',', $g->sent), $g->received, $g->wgP->count(), $g->wgC->count(),
        json_encode($g->ch->stats()), json_encode($g->side?->stats()));
}

/** A timed operation that expired, or a zero-timeout one that found nothing: count it; a zero-timeout retry yields first. */
function soak_missed(SoakTotals $t, float $timeout): void
{
    if ($timeout > 0) {
        $t->timerExpiries++;
    } else {
        $t->zeroRefusals++;
        Coroutine::yield();
    }
}

/** Producer $p of group $g. */
function soak_producer(SoakGroup $g, int $p, int $mode, int $type, int $pauseMask, Channel $never, SoakTotals $t): void
{
    $ch = $g->ch;
    $side = $g->side;
    $timeout = $g->timeout;
    $quota = $g->quota[$p];
    $pid = $g->pidBase + $p;
    $seq = 0;
    try {
        while ($seq < $quota) {
            $id = ($pid << SOAK_SEQ_BITS) | $seq;
            $v = match ($type) {
                0 => $id,
                1 => ['producer' => $pid, 'message' => $seq],
                default => new SoakMsg($id),
            };
            if ($mode === SOAK_P_PUSH) {
                $ch->push($v);
            } elseif ($mode === SOAK_P_PUSH_TIMEOUT) {
                try {
                    $ch->push($v, $timeout);
                } catch (TimeoutException) {
                    soak_missed($t, $timeout);
                    continue;
                }
            } elseif ($mode === SOAK_P_TRY) {
                if (!$ch->tryPush($v)) {
                    $t->zeroRefusals++;
                    Coroutine::yield();
                    continue;
                }
            } else {
                $cases = $side !== null ? ['main' => [$ch, $v], 'side' => [$side, $v]] : ['main' => [$ch, $v], 'never' => $never];
                $r = select($cases, $timeout);
                if ($r === null) {
                    soak_missed($t, $timeout);
                    continue;
                }
                if ($r[0] === 'never') {
                    $g->foreign++; // nobody ever sends on $never
                    continue;
                }
            }
            $g->sent[$p] = ++$seq;
            if (($seq & $pauseMask) === 0) {
                // Long enough for the 0.2 ms and 1 ms timeouts of the others to fire.
                ($seq & ($pauseMask << 1 | 1)) === 0 ? Coroutine::sleep(0.002) : Coroutine::yield();
            }
        }
    } catch (ClosedException) {
        $t->closedPushes++;
    } finally {
        $g->wgP->done();
        $t->live--;
    }
}

/** A consumer of group $g that takes at most $limit values. */
function soak_consumer(SoakGroup $g, int $mode, ?float $timeout, int $limit, float $delay, Channel $never, SoakTotals $t): void
{
    $ch = $g->ch;
    $taken = 0;
    try {
        if ($delay > 0) {
            Coroutine::sleep($delay);
        }
        if ($mode === SOAK_C_POP) {
            while ($taken < $limit) {
                $g->take($ch->pop());
                $taken++;
            }
        } elseif ($mode === SOAK_C_POP_TIMEOUT) {
            while ($taken < $limit) {
                try {
                    $v = $ch->pop($timeout);
                } catch (TimeoutException) {
                    soak_missed($t, $timeout);
                    continue;
                }
                $g->take($v);
                $taken++;
            }
        } elseif ($mode === SOAK_C_TRY) {
            while ($taken < $limit) {
                if ($ch->tryPop($v)) {
                    $g->take($v);
                    $taken++;
                } elseif ($ch->isClosed()) {
                    // Closed: no push can come any more, so one more miss means drained.
                    if (!$ch->tryPop($v)) {
                        break;
                    }
                    $g->take($v);
                    $taken++;
                } else {
                    $t->zeroRefusals++;
                    Coroutine::yield();
                }
            }
        } elseif ($mode === SOAK_C_FOREACH) {
            foreach ($ch as $v) {
                $g->take($v);
                if (++$taken >= $limit) {
                    break;
                }
            }
        } else {
            $cases = ['main' => $ch, 'never' => $never];
            if ($g->side !== null) {
                $cases['side'] = $g->side;
            }
            while ($taken < $limit && count($cases) > 1) {
                $r = select($cases, $timeout);
                if ($r === null) {
                    soak_missed($t, $timeout);
                    continue;
                }
                [$key, $v, $ok] = $r;
                if ($key === 'never') {
                    $g->foreign++;
                } elseif (!$ok) {
                    unset($cases[$key]);
                } else {
                    $g->take($v);
                    $taken++;
                }
            }
        }
    } catch (ClosedException) {
        // closed and drained
    } finally {
        $g->wgC->done();
        $t->live--;
    }
}

/** Closes $g's channels after $delay, possibly while producers still push. */
function soak_killer(SoakGroup $g, float $delay, SoakTotals $t): void
{
    try {
        Coroutine::sleep($delay);
        if ($g->ch->close()) {
            $t->earlyCloses++;
        }
        $g->side?->close();
    } finally {
        $g->wgP->done();
        $t->live--;
    }
}

/** Closes $g once its producers are done, waits for its consumers, then hands it to main. */
function soak_closer(SoakGroup $g, float $waitTimeout, Channel $done, SoakTotals $t): void
{
    try {
        while (true) {
            try {
                $g->wgP->wait($waitTimeout);
                break;
            } catch (TimeoutException) {
                $t->timerExpiries++;
            }
        }
        $g->ch->close();
        $g->side?->close();
        $g->wgC->wait();
        $done->push($g->id);
    } finally {
        $t->live--;
    }
}

function soak_reservoir_producer(SoakReservoir $r, SoakTotals $t): void
{
    $ch = $r->ch;
    try {
        while (!$t->stopping) {
            $burst = mt_rand(1, 10_000);
            for ($i = 0; $i < $burst;) {
                $seq = $r->sent;
                $v = ($seq & 15) === 0 ? new SoakMsg($seq) : $seq;
                if (!$ch->tryPush($v)) {
                    try {
                        $ch->push($v, 0.01);
                    } catch (TimeoutException) {
                        $t->timerExpiries++;
                        continue;
                    }
                }
                $r->sent++;
                $i++;
            }
            Coroutine::sleep(mt_rand(200, 1000) / 1000);
        }
    } finally {
        $ch->close();
        $t->live--;
    }
}

function soak_reservoir_consumer(SoakReservoir $r, SoakTotals $t): void
{
    $ch = $r->ch;
    try {
        while (true) {
            try {
                $v = $ch->pop(0.005);
            } catch (TimeoutException) {
                $t->timerExpiries++;
                continue;
            }
            $seq = is_int($v) ? $v : $v->id;
            if ($seq === $r->next) {
                $r->next++;
            } elseif ($seq < $r->next) {
                $r->dup++;
                continue;
            } else {
                $r->lost += $seq - $r->next;
                $r->next = $seq + 1;
            }
            $r->received++;
            $t->delivered++;
        }
    } catch (ClosedException) {
        // closed and drained
    } finally {
        $t->live--;
    }
}

/** Draws the plan of a new group and spawns its coroutines. */
function soak_start_group(int $id, int &$pidNext, bool $lock, Channel $never, Channel $done, SoakTotals $t): SoakGroup
{
    $kind = mt_rand(0, 15);
    $abandon = $kind === 0;
    $burst = $kind === 1 || $kind === 2;
    $twoChannels = !$abandon && !$burst && $kind >= 12;  // a quarter
    $killer = !$burst && ($kind === 3 || $kind === 4);
    $producers = $burst ? mt_rand(1, 2) : mt_rand(1, 4);
    $consumers = mt_rand(1, 4);
    $quota = [];
    for ($p = 0; $p < $producers; $p++) {
        $quota[] = $burst ? mt_rand(1024, 2048) : ($abandon ? mt_rand(1, 256) : mt_rand(1, 400));
    }
    $capacity = match (true) {
        $burst => 4096,
        $abandon => 1024,
        default => [0, 0, 1, 1, 2, 16, 128, 1024][mt_rand(0, 7)],
    };
    $timeout = [0.0, 0.0002, 0.001, 0.004][mt_rand(0, 3)];
    if ($capacity === 0 && $timeout === 0.0) {
        $timeout = 0.0002; // else nobody ever parks and an unbuffered channel passes nothing
    }
    $ch = new Channel($capacity, $lock);
    $side = $twoChannels ? new Channel(mt_rand(0, 1), !$lock) : null;
    $t->channels += $twoChannels ? 2 : 1;
    $g = new SoakGroup($id, $pidNext, $quota, $ch, $side, $timeout, $abandon, $t);
    $g->started = hrtime(true);
    $pidNext += $producers;
    $t->planned += array_sum($quota);

    $g->wgP->add($producers + ($killer ? 1 : 0));
    $g->wgC->add($consumers);
    for ($p = 0; $p < $producers; $p++) {
        // An abandoned channel must never fill up (its consumers leave early),
        // and a select producer needs a select consumer on the side channel.
        $mode = $abandon || $burst ? mt_rand(SOAK_P_PUSH, SOAK_P_TRY) : mt_rand(SOAK_P_PUSH, SOAK_P_SELECT);
        if ($twoChannels && $p === 0) {
            $mode = SOAK_P_SELECT;
        }
        $pauseMask = [15, 31, 63, 255, PHP_INT_MAX][mt_rand(0, 4)];
        $g->plan .= " P{$p}:mode{$mode}";
        go('soak_producer', $g, $p, $mode, mt_rand(0, 3) === 0 ? 2 : mt_rand(0, 1), $pauseMask, $never, $t);
    }
    $limits = array_fill(0, $consumers, PHP_INT_MAX);
    if ($abandon) {
        // Together they take about half of what is sent; the rest stays in the channel.
        $share = max(0, intdiv(array_sum($quota), 2 * $consumers));
        $limits = array_fill(0, $consumers, $share);
    }
    for ($c = 0; $c < $consumers; $c++) {
        // Consumer 0 waits without a timeout (on both channels when there are
        // two): else, once 10,000 coroutines make one turn of the run queue
        // longer than the timeouts, a producer that never parks (tryPush,
        // timeout 0) and consumers whose waits always expire first can go on
        // missing each other on an unbuffered channel for minutes.
        $mode = $c === 0 ? [SOAK_C_POP, SOAK_C_FOREACH, SOAK_C_SELECT][mt_rand(0, 2)] : mt_rand(SOAK_C_POP, SOAK_C_SELECT);
        if ($twoChannels && $c === 0) {
            $mode = SOAK_C_SELECT;
        }
        $g->plan .= " C{$c}:mode{$mode}";
        go('soak_consumer', $g, $mode, $c === 0 ? null : $timeout, $limits[$c], $burst ? mt_rand(2, 10) / 1000 : 0.0, $never, $t);
    }
    $g->plan .= sprintf(' cap %d timeout %s%s%s%s', $capacity, $timeout, $abandon ? ' abandon' : '', $burst ? ' burst' : '', $killer ? ' killer' : '');
    if ($killer) {
        go('soak_killer', $g, mt_rand(0, 3000) / 1e6, $t);
    }
    go('soak_closer', $g, [0.001, 0.01][mt_rand(0, 1)], $done, $t);
    $n = $producers + $consumers + ($killer ? 1 : 0) + 1;
    $t->live += $n;
    $t->spawned += $n;
    $t->groups++;
    return $g;
}

/** Checks a finished group's accounting into $t. */
function soak_verify(SoakGroup $g, SoakTotals $t): void
{
    $got = 0;
    $phantom = 0;
    foreach ($g->seen as $k => $w) {
        $n = $g->sent[$k >> 14];
        $base = ($k & 0x3FFF) << 6;
        if ($base + 64 <= $n) {
            $got += soak_popcount($w);
        } elseif ($base >= $n) {
            $phantom += soak_popcount($w);
        } else {
            $low = soak_popcount($w & ~(-1 << ($n - $base)));
            $got += $low;
            $phantom += soak_popcount($w) - $low;
        }
    }
    $sent = array_sum($g->sent);
    $left = $g->ch->count() + ($g->side?->count() ?? 0);
    $missing = $sent - $got;
    if (!$g->abandon) {
        $t->lost += $missing;   // includes $left: nobody should have left any
    } else {
        $t->abandoned += $left;
        if ($missing > $left) {
            $t->lost += $missing - $left;
        } else {
            $t->dup += $left - $missing; // more values in the channel than ever went missing
        }
    }
    $t->sent += $sent;
    $t->received += $g->received;
    $t->dup += $g->dup;
    $t->phantom += $phantom;
    $t->foreign += $g->foreign;
    $t->planned -= array_sum($g->quota) - $g->received;
}

/**
 * The whole soak, inside run(). Returns the figures of the two long-lived
 * channels.
 *
 * @return list<SoakReservoir>
 */
function soak_run(array $opt, SoakTotals $t, float $t0): array
{
    $never = new Channel(0);
    $done = new Channel(0);
    $stop = new Channel(0);
    $graveyard = new SplQueue();   // [WeakReference to a dropped channel, when dropped]

    $t->live++;
    $t->spawned++;
    go(static function () use ($stop, $t, $t0, $opt, $graveyard): void {
        try {
            $last = 0.0;
            $lastDelivered = 0;
            while (select([$stop], 1.0) === null) {
                soak_sample($t, $t0, $opt, count($graveyard));
                $now = (hrtime(true) - $t0) / 1e9;
                if (!$opt['quiet'] && $now - $last >= 10) {
                    fprintf(STDERR, "[%6.0fs] %s msgs, %s msgs/s, RSS %.1f MiB, heap %.1f MiB, %s coroutines, %s timer expiries, %s groups, oldest open %.1f s, %d open > 60 s\n",
                        $now, bench_int($t->delivered), bench_int(($t->delivered - $lastDelivered) / max(1e-9, $now - $last)),
                        bench_rss_bytes() / 1048576, memory_get_usage() / 1048576, bench_int(Coroutine::count()),
                        bench_int($t->timerExpiries), bench_int($t->groups), end($t->samples)[9], end($t->samples)[10]);
                    $last = $now;
                    $lastDelivered = $t->delivered;
                }
            }
        } finally {
            $t->live--;
        }
    });

    $rings = match ($opt['lock']) {
        '0' => [false],
        '1' => [true],
        default => [false, true],
    };
    $reservoirs = [];
    foreach ($rings as $lock) {
        $r = new SoakReservoir(new Channel(65536, $lock));
        $reservoirs[] = $r;
        $t->channels++;
        go('soak_reservoir_producer', $r, $t);
        go('soak_reservoir_consumer', $r, $t);
        $t->live += 2;
        $t->spawned += 2;
    }

    $pidNext = 1;
    $serial = 0;
    $deadline = $opt['seconds'] !== null ? $t0 + $opt['seconds'] * 1e9 : null;
    $resReceived = static fn (): int => array_sum(array_map(static fn (SoakReservoir $r): int => $r->received, $reservoirs));
    while (true) {
        $open = $deadline === null || hrtime(true) < $deadline;
        while ($open && $t->live < $opt['coroutines'] && $t->planned + $resReceived() < $opt['messages']) {
            $lock = match ($opt['lock']) {
                '0' => false,
                '1' => true,
                default => $serial % 2 === 1,
            };
            $t->open[$serial] = soak_start_group($serial, $pidNext, $lock, $never, $done, $t);
            $serial++;
        }
        if (!$open || $t->planned + $resReceived() >= $opt['messages']) {
            $t->steady = false;
        }
        if ($t->open === []) {
            break;
        }
        $r = select([$done], 60.0);
        if ($r === null) {
            throw new RuntimeException('no group finished for 60 s (hang?): ' . Coroutine::count() . " coroutines alive, open groups:\n"
                . implode("\n", array_map('soak_describe', array_slice($t->open, 0, 20))));
        }
        $g = $t->open[$r[1]];
        unset($t->open[$r[1]]);
        soak_verify($g, $t);
        $graveyard->enqueue([WeakReference::create($g->ch), hrtime(true)]);
        if ($g->side !== null) {
            $graveyard->enqueue([WeakReference::create($g->side), hrtime(true)]);
        }
        $g = null;
        // $t->live counts every coroutine of this script but this one, run()'s.
        $t->countMismatch = max($t->countMismatch, abs(Coroutine::count() - $t->live - 1));
        while (!$graveyard->isEmpty() && hrtime(true) - $graveyard->bottom()[1] > 2e9) {
            if ($graveyard->dequeue()[0]->get() !== null) {
                $t->leakedChannels++;
            }
        }
    }

    $t->stopping = true;   // the reservoir producers close their channels at the end of the burst
    while (Coroutine::count() > 2) {   // this coroutine and the sampler
        Coroutine::sleep(0.01);
    }
    soak_sample($t, $t0, $opt, count($graveyard));
    $stop->close();
    foreach ($graveyard as [$ref]) {
        if ($ref->get() !== null) {
            $t->leakedChannels++;
        }
    }
    return $reservoirs;
}

function soak_main(array $argv): int
{
    if (!extension_loaded('chan')) {
        fwrite(STDERR, "the chan extension is not loaded: php -d extension=/path/to/chan.so benchmarks/soak.php\n");
        return 2;
    }
    $opt = soak_options($argv);
    $env = bench_environment($argv);
    mt_srand($opt['seed']);
    gc_collect_cycles();
    $t = new SoakTotals();
    $rss0 = intdiv(bench_rss_bytes() ?? 0, 1024);
    $heap0 = memory_get_usage();
    $cpu0 = bench_cpu_seconds();
    $t0 = hrtime(true);
    $reservoirs = run('soak_run', $opt, $t, $t0);
    $wall = (hrtime(true) - $t0) / 1e9;
    $cpu = bench_cpu_seconds() - $cpu0;
    $stats = Coroutine::stats();

    $resMessages = 0;
    foreach ($reservoirs as $r) {
        $resMessages += $r->received;
        $t->sent += $r->sent;
        $t->received += $r->received;
        $t->lost += $r->lost + max(0, $r->sent - $r->next);
        $t->dup += $r->dup + max(0, $r->next - $r->sent);
    }
    $reservoirs = null;
    gc_collect_cycles();
    $rssEnd = intdiv(bench_rss_bytes() ?? 0, 1024);
    $heapEnd = memory_get_usage();

    $samples = $t->samples;
    $n = count($samples);
    // The slope is taken while the load is steady: once main stops starting
    // groups, the coroutines and their memory wind down.
    $steady = array_values(array_filter($samples, static fn (array $s): bool => $s[8] === 1));
    $ns = count($steady);
    $fit = static function (int $from, int $col, float $scale) use ($steady, $ns): ?array {
        if ($ns - $from < 10) {
            return null;
        }
        $points = [];
        for ($i = $from; $i < $ns; $i++) {
            $points[] = [$steady[$i][0] / 60, $steady[$i][$col] / $scale];
        }
        return soak_slope($points);
    };
    $half = intdiv($ns, 2);
    $warm = intdiv($ns + 9, 10);
    $window = static fn (int $from): string => $ns - $from > 0
        ? sprintf('%d samples, t = %.0f..%.0f s', $ns - $from, $steady[$from][0], $steady[$ns - 1][0]) : 'no samples';
    $steadyRate = $ns >= 2 ? ($steady[$ns - 1][4] - $steady[0][4]) / max(1e-9, $steady[$ns - 1][0] - $steady[0][0]) : null;
    $rssSlope = $fit($half, 1, 1.0);
    $rssSlopeWarm = $fit($warm, 1, 1.0);
    $heapSlope = $fit($half, 2, 1024.0);
    $heapSlopeWarm = $fit($warm, 2, 1024.0);
    $fmtSlope = static fn (?array $s): string => $s === null ? 'n/a (fewer than 10 samples)' : sprintf('%+.1f +/- %.1f KiB/min', $s[0], 2 * $s[1]);

    $problems = [];
    foreach (['lost' => $t->lost, 'duplicated' => $t->dup, 'phantom' => $t->phantom, 'foreign' => $t->foreign,
        'leaked channels' => $t->leakedChannels, 'value objects still alive' => SoakMsg::$live,
        'coroutines alive after run()' => Coroutine::count()] as $what => $count) {
        if ($count !== 0) {
            $problems[] = "{$what}: {$count}";
        }
    }
    if ($stats['spawned'] !== $t->spawned + 1) {
        $problems[] = "Coroutine::stats()['spawned'] = {$stats['spawned']}, this script spawned " . ($t->spawned + 1);
    }
    if ($t->countMismatch !== 0) {
        $problems[] = "Coroutine::count() differed from the coroutines alive by up to {$t->countMismatch}";
    }
    // Above the limit by more than twice its standard error: a short window of
    // a noisy RSS gives wide slopes either way, and decides nothing.
    if ($rssSlope !== null && $rssSlope[0] - 2 * $rssSlope[1] > $opt['max_slope']) {
        $problems[] = sprintf('RSS slope %+.1f +/- %.1f KiB/min over the second half of the steady samples is above --max-slope=%s',
            $rssSlope[0], 2 * $rssSlope[1], $opt['max_slope']);
    }

    if ($opt['samples'] !== null) {
        $tsv = "# t_s\trss_kib\theap_bytes\tcoroutines\tdelivered\ttimer_expiries\tlive_objects\tdropped_channels_pending\tsteady\toldest_open_group_s\tgroups_open_over_60s\n";
        foreach ($samples as $s) {
            $tsv .= sprintf("%.3f\t%s\t%.3f\t%d\n", $s[0], implode("\t", array_slice($s, 1, 8)), $s[9], $s[10]);
        }
        bench_check(file_put_contents($opt['samples'], $tsv) !== false, "cannot write {$opt['samples']}");
    }

    $rows = [];
    $step = max(1, (int) ceil($n / 30));
    $prev = [0.0, 0, 0, 0, 0, 0, 0, 0, 1];
    for ($i = 0; $i < $n; $i++) {
        if ($i % $step !== 0 && $i !== $n - 1) {
            continue;
        }
        $s = $samples[$i];
        $rows[] = [bench_num($s[0], 0), $s[8] === 1 ? 'steady' : 'drain', bench_int($s[4]), bench_int(($s[4] - $prev[4]) / max(1e-9, $s[0] - $prev[0])),
            bench_num($s[1] / 1024, 1), bench_num($s[2] / 1048576, 1), bench_int($s[3]), bench_int($s[6]), bench_int($s[5]), bench_num($s[9], 1), bench_int($s[10])];
        $prev = $s;
    }

    $md = "# chan soak\n\n";
    $md .= '- command: `' . $env['command'] . "`\n";
    $md .= '- date: ' . $env['date'] . '; PHP ' . $env['php'] . '; opcache ' . $env['opcache'] . '; JIT ' . $env['jit'] . "\n";
    $md .= '- chan: ' . $env['chan'] . '; source: git ' . $env['git'] . "\n";
    $md .= '- machine: ' . $env['cpu'] . '; load average at start ' . $env['load_start'] . ', at end ' . bench_loadavg() . "\n\n";
    $md .= "## Samples (every {$step} s)\n\n";
    $md .= bench_table(['t s', 'phase', 'messages', 'msgs/s', 'RSS MiB', 'heap MiB', 'coroutines', 'value objects alive', 'timer expiries', 'oldest open group s', 'groups open > 60 s'], $rows);
    $md .= "\n## Summary\n\n";
    $md .= bench_table(['what', 'value'], [
        ['messages delivered', bench_int($t->received)],
        ['of them through the long-lived channels', bench_int($resMessages)],
        ['wall time', bench_num($wall, 1) . ' s'],
        ['msgs/s', bench_int($t->received / $wall)],
        ['CPU time / wall time', sprintf('%.0f%%', 100 * $cpu / $wall)],
        ['msgs/s while steady', $steadyRate === null ? 'n/a' : bench_int($steadyRate)],
        ['RSS slope, steady, second half (' . $window($half) . ')', $fmtSlope($rssSlope)],
        ['RSS slope, steady, after the first 10% (' . $window($warm) . ')', $fmtSlope($rssSlopeWarm)],
        ['heap (memory_get_usage) slope, steady, second half', $fmtSlope($heapSlope)],
        ['heap slope, steady, after the first 10%', $fmtSlope($heapSlopeWarm)],
        ['RSS before / first steady sample / last steady sample / after teardown', sprintf('%.1f / %.1f / %.1f / %.1f MiB', $rss0 / 1024,
            ($steady[0][1] ?? NAN) / 1024, ($steady[$ns - 1][1] ?? NAN) / 1024, $rssEnd / 1024)],
        ['RSS at the start / end of the second half (steady)', $ns > 0 ? sprintf('%.1f / %.1f MiB', $steady[$half][1] / 1024, $steady[$ns - 1][1] / 1024) : 'n/a'],
        ['RSS peak sample', sprintf('%.1f MiB', max(array_column($samples, 1) ?: [0]) / 1024)],
        ['heap before / after teardown', sprintf('%.2f / %.2f MiB (%+d bytes)', $heap0 / 1048576, $heapEnd / 1048576, $heapEnd - $heap0)],
        ['lost', bench_int($t->lost)],
        ['duplicated', bench_int($t->dup)],
        ['phantom (push failed, value arrived)', bench_int($t->phantom)],
        ['foreign (value of another channel)', bench_int($t->foreign)],
        ['left in abandoned channels (dropped, accounted)', bench_int($t->abandoned)],
        ['timer expiries (timeout > 0 fired)', bench_int($t->timerExpiries)],
        ['zero-timeout / tryPush / tryPop misses', bench_int($t->zeroRefusals)],
        ['pushes refused by close', bench_int($t->closedPushes)],
        ['channels closed early by a killer', bench_int($t->earlyCloses)],
        ['groups / channels made', bench_int($t->groups) . ' / ' . bench_int($t->channels)],
        ['dropped channels still alive 2 s later', bench_int($t->leakedChannels)],
        ['coroutines spawned / peak alive / switches', bench_int($stats['spawned']) . ' / ' . bench_int($stats['peak']) . ' / ' . bench_int($stats['switches'])],
        ['largest Coroutine::count() mismatch', (string) $t->countMismatch],
        ['oldest open group at a sample', sprintf('%.1f s', max(array_column($samples, 9) ?: [0]))],
        ['most groups open longer than 60 s at a sample', bench_int(max(array_column($samples, 10) ?: [0]))],
        ['value objects alive at the end', (string) SoakMsg::$live],
    ]);
    $md .= "\n" . ($problems === [] ? "PASS\n" : "FAIL:\n- " . implode("\n- ", $problems) . "\n");
    echo $md;
    return $problems === [] ? 0 : 1;
}

// Any notice or warning means the run is not what it claims to be.
set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $no, $file, $line);
});

try {
    exit(soak_main($argv));
} catch (Throwable $e) {
    bench_fail(get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
}
