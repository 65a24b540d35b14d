<?php
/**
 * S9, channels shared across processes (issue 17): P = 1, 2, 4, 8 processes
 * forked from one parent, half producers and half consumers (P = 1: one
 * process doing both, through coroutines), each running C = 1 and 100
 * coroutines, on one Chan\SharedChannel of capacity 1,024 and 1, on both
 * rings (lock-free and mutex); each producer coroutine pushes its share of
 * M values ['producer' => $i, 'message' => $j], consumers pop until they get
 * one of the end markers the producers push last. msgs/s = M / (the last
 * process's end - the start signal), medians of the runs.
 *
 * Beside them, in the same run and the same harness, what a PHP user would
 * use instead (one process per role, C = 1: their calls block the whole
 * process, coroutines would only poll):
 *   sysv   a SysV message queue, msg_send()/msg_receive(), blocking, PHP's serializer
 *   pipe   a Unix socket pair per producer/consumer pair, length-prefixed serialize()
 *   redis  a Redis list (LPUSH/BRPOP) through php-redis, on a private
 *          redis-server (Unix socket in a temporary directory, no persistence),
 *          when redis-server and the redis extension are there (scripts/setup.sh)
 *   and at P = 1 the in-process Chan\Channel (what one process needs).
 * "best alternative" is the fastest of them at that P.
 *
 * In run.php:  php -d extension=PATH/chan.so benchmarks/run.php --only=s9 [--quick] [--runs=N]
 * Alone:       php -d extension=PATH/chan.so benchmarks/s9.php [--quick] [--runs=N] [--out=FILE] [--perf]
 *
 *   --quick    M = 4,000 (1,000 at capacity 1; default 100,000 and 10,000), 1 run, P = 1, 2, 8:
 *              a smoke run of about 10 s
 *   --runs=N   runs per configuration (default 3), alternating the order of the transports
 *   --perf     instead of the sweep: perf stat (software events and syscall
 *              tracepoints; this VM has no hardware counters) over chosen
 *              configurations, per message; needs perf (Debian: linux-perf)
 *   --one=TRANSPORT,P,C,CAPACITY,M   one measurement, printed as JSON (what --perf runs under perf)
 *
 * Every process is forked from the parent after the channel was made; each
 * checks what it popped (count and sum of the ids) and the parent checks the
 * totals: a wrong count, a warning in any process or a process that does not
 * finish within 300 s aborts the run.
 */

declare(strict_types=1);

use Chan\Channel;
use Chan\SharedChannel;
use Chan\WaitGroup;

use function Chan\go;

const S9_PROCS = [1, 2, 4, 8];
const S9_COROUTINES = [1, 100];
const S9_CAPACITIES = [1024, 1];
const S9_RINGS = ['lockfree', 'mutex'];
const S9_ALTERNATIVES = ['sysv', 'pipe', 'redis'];

/** Private redis-server for the redis transport: started once, stopped by the process that started it. */
final class S9Redis
{
    public static ?string $socket = null;
    public static ?string $dir = null;
    public static ?int $pid = null;
    public static int $owner = 0;
    public static ?string $why = null;

    public static function available(): bool
    {
        if (self::$socket !== null) {
            return true;
        }
        if (self::$why !== null) {
            return false;
        }
        $bin = trim((string) @shell_exec('command -v redis-server 2>/dev/null'));
        if (!extension_loaded('redis') || $bin === '') {
            self::$why = ($bin === '' ? 'no redis-server' : 'no redis extension') . ' (scripts/setup.sh installs redis-server and php8.2-redis)';
            return false;
        }
        self::$dir = rtrim(sys_get_temp_dir(), '/') . '/chan-s9-redis-' . getmypid();
        if (!is_dir(self::$dir)) {
            mkdir(self::$dir, 0700, true);
        }
        $sock = self::$dir . '/redis.sock';
        $cmd = escapeshellarg($bin) . ' --port 0 --unixsocket ' . escapeshellarg($sock) . ' --unixsocketperm 700 --save "" --appendonly no'
            . ' --daemonize yes --pidfile ' . escapeshellarg(self::$dir . '/redis.pid') . ' --dir ' . escapeshellarg(self::$dir)
            . ' --logfile ' . escapeshellarg(self::$dir . '/redis.log');
        exec($cmd . ' 2>&1', $out, $rc);
        // The daemon makes its socket, then writes its pid file: wait for both.
        for ($i = 0; $i < 200 && !(file_exists($sock) && is_file(self::$dir . '/redis.pid') && filesize(self::$dir . '/redis.pid') > 0); $i++) {
            usleep(10000);
            clearstatcache();
        }
        if ($rc !== 0 || !file_exists($sock)) {
            self::$why = 'redis-server did not start: ' . implode(' ', $out) . ' ' . @file_get_contents(self::$dir . '/redis.log');
            self::stop();
            return false;
        }
        self::$pid = (int) @file_get_contents(self::$dir . '/redis.pid');
        self::$owner = getmypid();
        self::$socket = $sock;
        register_shutdown_function([self::class, 'stop']);
        return true;
    }

    public static function version(): string
    {
        return trim((string) @shell_exec('redis-server --version 2>/dev/null'));
    }

    public static function stop(): void
    {
        if (self::$owner !== 0 && getmypid() !== self::$owner) {
            return; // a forked worker ending
        }
        if (self::$pid !== null && self::$pid > 0) {
            posix_kill(self::$pid, SIGTERM);
            for ($i = 0; $i < 200 && posix_kill(self::$pid, 0); $i++) {
                usleep(10000);
            }
            if (posix_kill(self::$pid, 0)) {
                posix_kill(self::$pid, SIGKILL);
            }
        }
        if (self::$dir !== null) {
            foreach (glob(self::$dir . '/*') ?: [] as $f) {
                @unlink($f);
            }
            @rmdir(self::$dir);
        }
        self::$pid = self::$socket = self::$dir = null;
        self::$owner = 0;
    }
}

/** Reads exactly $n bytes from a blocking stream. */
function s9_read_exact($s, int $n): string
{
    $buf = '';
    while (strlen($buf) < $n) {
        $chunk = fread($s, $n - strlen($buf));
        bench_check($chunk !== false && $chunk !== '', 'S9 pipe: end of stream');
        $buf .= $chunk;
    }
    return $buf;
}

/**
 * What the processes of one measurement share, made in the parent before the
 * fork: the channel, the queue, the socket pairs.
 */
function s9_setup(string $transport, int $P, int $capacity): array
{
    $np = max(1, intdiv($P, 2));
    return match ($transport) {
        'lockfree', 'mutex' => ['ch' => new SharedChannel($capacity, $transport === 'mutex', 256)],
        'channel' => ['ch' => new Channel($capacity)],
        'sysv' => (static function (): array {
            do {
                $key = random_int(0x10000, 0x7fffffff);
            } while (msg_queue_exists($key));
            return ['q' => msg_get_queue($key, 0600)];
        })(),
        'pipe' => ['pairs' => array_map(static fn (): array => stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP),
            range(1, $np))],
        'redis' => ['key' => 's9:' . getmypid() . ':' . random_int(0, PHP_INT_MAX)],
    };
}

function s9_teardown(string $transport, array $shared): void
{
    if ($transport === 'sysv') {
        msg_remove_queue($shared['q']);
    } elseif ($transport === 'pipe') {
        foreach ($shared['pairs'] as [$a, $b]) {
            fclose($a);
            fclose($b);
        }
    } elseif ($transport === 'redis') {
        $r = new Redis();
        $r->connect(S9Redis::$socket);
        $left = $r->lLen($shared['key']);
        $r->del($shared['key']);
        $r->close();
        bench_check($left === 0, "S9 redis: {$left} values left in the list");
    }
}

/**
 * [push, pop] closures of process $proc (index among its role) for the
 * transport, made in the child after the fork.
 *
 * @return array{0: Closure(mixed): void, 1: Closure(): mixed}
 */
function s9_endpoints(string $transport, array $shared, string $role, int $proc): array
{
    switch ($transport) {
        case 'lockfree':
        case 'mutex':
        case 'channel':
            $ch = $shared['ch'];
            return [static function (mixed $v) use ($ch): void {
                $ch->push($v);
            }, static fn (): mixed => $ch->pop()];
        case 'sysv':
            $q = $shared['q'];
            return [static function (mixed $v) use ($q): void {
                bench_check(msg_send($q, 1, $v, true, true, $err), "S9 sysv: msg_send failed ({$err})");
            }, static function () use ($q): mixed {
                bench_check(msg_receive($q, 0, $type, 4096, $v, true, 0, $err), "S9 sysv: msg_receive failed ({$err})");
                return $v;
            }];
        case 'pipe':
            // Producer $proc writes to its pair's first end, consumer $proc reads the second.
            [$w, $r] = $shared['pairs'][$proc];
            foreach ($shared['pairs'] as $i => [$a, $b]) {
                if ($i !== $proc) {
                    fclose($a);
                    fclose($b);
                }
            }
            if ($role === 'producer') {
                fclose($r);
                return [static function (mixed $v) use ($w): void {
                    $s = serialize($v);
                    bench_check(fwrite($w, pack('N', strlen($s)) . $s) === 4 + strlen($s), 'S9 pipe: short write');
                }, static fn (): mixed => bench_fail('S9 pipe: a producer pops')];
            }
            fclose($w);
            return [static fn (mixed $v): mixed => bench_fail('S9 pipe: a consumer pushes'), static function () use ($r): mixed {
                $len = unpack('N', s9_read_exact($r, 4))[1];
                return unserialize(s9_read_exact($r, $len));
            }];
        case 'redis':
            $redis = new Redis();
            $redis->connect(S9Redis::$socket);
            $key = $shared['key'];
            return [static function (mixed $v) use ($redis, $key): void {
                bench_check(is_int($redis->lPush($key, serialize($v))), 'S9 redis: LPUSH failed');
            }, static function () use ($redis, $key): mixed {
                $r = $redis->brPop([$key], 0);
                bench_check(is_array($r) && count($r) === 2, 'S9 redis: BRPOP failed');
                return unserialize($r[1]);
            }];
    }
    bench_fail("S9: unknown transport {$transport}");
}

/**
 * The work of one process: $C producer coroutines pushing $n values each
 * (then $markers end markers from main), and/or $C consumer coroutines
 * popping until each gets an end marker (null).
 *
 * @return array{popped: int, sum: int}
 */
function s9_work(array $ep, string $role, int $proc, int $C, int $n, int $markers): array
{
    [$push, $pop] = $ep;
    $popped = 0;
    $sum = 0;
    $consumers = new WaitGroup($role === 'producer' ? 0 : $C);
    $producers = new WaitGroup($role === 'consumer' ? 0 : $C);
    if ($role !== 'producer') {
        for ($k = 0; $k < $C; $k++) {
            go(static function () use ($pop, $consumers, &$popped, &$sum): void {
                while (($v = $pop()) !== null) {
                    $popped++;
                    $sum += $v['message'];
                }
                $consumers->done();
            });
        }
    }
    if ($role !== 'consumer') {
        for ($k = 0; $k < $C; $k++) {
            $producer = $proc * $C + $k;
            go(static function () use ($push, $producers, $producer, $n): void {
                for ($j = 0; $j < $n; $j++) {
                    $push(['producer' => $producer, 'message' => $j]);
                }
                $producers->done();
            });
        }
        $producers->wait();
        for ($i = 0; $i < $markers; $i++) {
            $push(null);
        }
    }
    $consumers->wait();
    return ['popped' => $popped, 'sum' => $sum];
}

/**
 * One measurement: fork the processes, release them at once, collect what
 * each did. msgs = values popped (end markers not counted).
 *
 * @return array{msgs: int, seconds: float, cpu: float, vcsw: int, ivcsw: int}
 */
function s9_once(string $transport, int $P, int $C, int $capacity, int $M): array
{
    $np = max(1, intdiv($P, 2));
    $nc = $np;
    $n = max(1, intdiv($M, $np * $C)); // values per producer coroutine
    $total = $n * $np * $C;
    $shared = s9_setup($transport, $P, $capacity);
    $roles = [];
    if ($P === 1) {
        $roles[] = ['both', 0, $C];
    } else {
        for ($i = 0; $i < $np; $i++) {
            // End markers: one per consumer coroutine in all, spread over the producers
            // (the pipe's producer feeds its own consumer only).
            $roles[] = ['producer', $i, $transport === 'pipe' ? $C : intdiv($nc * $C, $np) + ($i < ($nc * $C) % $np ? 1 : 0)];
        }
        for ($i = 0; $i < $nc; $i++) {
            $roles[] = ['consumer', $i, 0];
        }
    }
    $kids = [];
    foreach ($roles as [$role, $proc, $markers]) {
        [$mine, $theirs] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        $pid = pcntl_fork();
        bench_check($pid >= 0, 'S9: fork failed');
        if ($pid === 0) {
            fclose($mine);
            foreach ($kids as $k) {
                fclose($k['sock']);
            }
            $code = 0;
            try {
                $ep = s9_endpoints($transport, $shared, $role, $proc);
                bench_check(fread($theirs, 1) === 'g', 'S9: no start signal');
                $u0 = getrusage();
                $r = s9_work($ep, $role, $proc, $C, $n, $role === 'both' ? $C : $markers);
                $t = hrtime(true);
                $u1 = getrusage();
                $cpu = static fn (array $u): float => $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6 + $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6;
                $r += ['end' => $t, 'cpu' => $cpu($u1) - $cpu($u0), 'vcsw' => $u1['ru_nvcsw'] - $u0['ru_nvcsw'], 'ivcsw' => $u1['ru_nivcsw'] - $u0['ru_nivcsw']];
            } catch (Throwable $e) {
                $r = ['error' => get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine()];
                $code = 1;
            }
            fwrite($theirs, json_encode($r) . "\n");
            fclose($theirs);
            exit($code);
        }
        fclose($theirs);
        $kids[] = ['pid' => $pid, 'sock' => $mine];
    }
    $t0 = hrtime(true);
    foreach ($kids as $k) {
        fwrite($k['sock'], 'g');
    }
    $res = [];
    $failed = null;
    foreach ($kids as $k) {
        stream_set_timeout($k['sock'], 300);
        $line = fgets($k['sock']);
        $r = is_string($line) ? json_decode($line, true) : null;
        if (!is_array($r) || isset($r['error'])) {
            $failed ??= "S9 {$transport} P={$P} C={$C} capacity {$capacity}: a process " . (is_array($r) ? 'failed: ' . $r['error'] : 'gave no result in 300 s');
            break;
        }
        $res[] = $r;
    }
    foreach ($kids as $k) {
        if ($failed !== null) {
            posix_kill($k['pid'], SIGKILL);
        }
        pcntl_waitpid($k['pid'], $status);
        fclose($k['sock']);
    }
    if ($failed !== null) {
        bench_fail($failed);
    }
    s9_teardown($transport, $shared);
    unset($shared);
    $popped = array_sum(array_column($res, 'popped'));
    $sum = array_sum(array_column($res, 'sum'));
    bench_check($popped === $total, "S9 {$transport} P={$P} C={$C}: {$popped} values popped, {$total} pushed");
    bench_check($sum === $np * $C * intdiv($n * ($n - 1), 2), "S9 {$transport} P={$P} C={$C}: wrong checksum");
    return ['msgs' => $total, 'seconds' => (max(array_column($res, 'end')) - $t0) / 1e9, 'cpu' => array_sum(array_column($res, 'cpu')),
        'vcsw' => array_sum(array_column($res, 'vcsw')), 'ivcsw' => array_sum(array_column($res, 'ivcsw'))];
}

/** M for a configuration. */
function s9_messages(bool $quick, int $capacity): int
{
    return $quick ? ($capacity === 1 ? 1_000 : 4_000) : ($capacity === 1 ? 10_000 : 100_000);
}

/**
 * The sweep, as a run.php section ($opt: quick, runs).
 */
function s9(array $opt, array $floors = []): array
{
    bench_check(class_exists(SharedChannel::class), 'S9 needs Chan\SharedChannel');
    bench_check(function_exists('pcntl_fork') && function_exists('posix_kill'), 'S9 needs pcntl and posix');
    $quick = $opt['quick'];
    $runs = $opt['s9_runs'] ?? ($quick ? 1 : min($opt['runs'], 3));
    $procs = $quick ? [1, 2, 8] : S9_PROCS;
    $alts = array_values(array_filter(S9_ALTERNATIVES, static fn (string $a): bool => $a !== 'redis' || S9Redis::available()));
    $load0 = bench_loadavg();
    $wall0 = hrtime(true);
    $cpuKids0 = getrusage(1);

    // Configurations: each ring at each (P, C, capacity); the alternatives once per P (C = 1; capacity is theirs).
    $configs = [];
    foreach ($procs as $P) {
        foreach (S9_COROUTINES as $C) {
            foreach (S9_CAPACITIES as $cap) {
                foreach (S9_RINGS as $ring) {
                    $configs[] = [$ring, $P, $C, $cap];
                }
            }
        }
        foreach ($P === 1 ? ['channel'] : $alts as $alt) {
            $configs[] = [$alt, $P, 1, 1024];
        }
    }
    $m = []; // "transport P C cap" => list of runs
    foreach (range(1, $runs) as $run) {
        $order = $run % 2 === 1 ? $configs : array_reverse($configs);
        foreach ($order as [$t, $P, $C, $cap]) {
            $M = s9_messages($quick, $t === 'lockfree' || $t === 'mutex' || $t === 'channel' ? $cap : 1024);
            if (in_array($t, S9_ALTERNATIVES, true)) {
                $M = intdiv($M, 2); // the alternatives are slower; half the values keeps the run short
            }
            $m["{$t} {$P} {$C} {$cap}"][] = s9_once($t, $P, $C, $cap, $M);
        }
    }
    $wall = (hrtime(true) - $wall0) / 1e9;
    $kids1 = getrusage(1);
    $cpuKids = ($kids1['ru_utime.tv_sec'] - $cpuKids0['ru_utime.tv_sec']) + ($kids1['ru_utime.tv_usec'] - $cpuKids0['ru_utime.tv_usec']) / 1e6
        + ($kids1['ru_stime.tv_sec'] - $cpuKids0['ru_stime.tv_sec']) + ($kids1['ru_stime.tv_usec'] - $cpuKids0['ru_stime.tv_usec']) / 1e6;

    $rate = static fn (array $rs): float => bench_median(array_map(static fn (array $r): float => $r['msgs'] / $r['seconds'], $rs));
    $perMsg = static fn (array $rs, string $f): float => bench_median(array_map(static fn (array $r): float => $r[$f] / $r['msgs'], $rs));
    $best = [];
    foreach ($procs as $P) {
        foreach ($P === 1 ? ['channel'] : $alts as $alt) {
            $r = $rate($m["{$alt} {$P} 1 1024"]);
            if (!isset($best[$P]) || $r > $best[$P][1]) {
                $best[$P] = [$alt, $r];
            }
        }
    }
    $rows = [];
    $cost = [];
    foreach ($procs as $P) {
        foreach (S9_COROUTINES as $C) {
            foreach (S9_CAPACITIES as $cap) {
                $lf = $m["lockfree {$P} {$C} {$cap}"];
                $mu = $m["mutex {$P} {$C} {$cap}"];
                [$alt, $altRate] = $best[$P];
                $rows[] = [(string) $P, (string) $C, bench_int($cap), bench_int($rate($lf)), bench_int($rate($mu)), bench_num($rate($mu) / $rate($lf), 2),
                    $alt . ' ' . bench_int($altRate), bench_num($rate($lf) / $altRate, 2), bench_num($rate($mu) / $altRate, 2),
                    bench_spread(array_map(static fn (array $a, array $b): float => ($b['msgs'] / $b['seconds']) / ($a['msgs'] / $a['seconds']), $lf, $mu))];
                $cost[] = [(string) $P, (string) $C, bench_int($cap),
                    bench_num(1e6 * $perMsg($lf, 'cpu'), 2), bench_num(1e6 * $perMsg($mu, 'cpu'), 2),
                    bench_num($perMsg($lf, 'vcsw'), 3), bench_num($perMsg($mu, 'vcsw'), 3),
                    bench_num($perMsg($lf, 'ivcsw'), 3), bench_num($perMsg($mu, 'ivcsw'), 3)];
            }
        }
    }
    $altRows = [];
    foreach ($procs as $P) {
        foreach ($P === 1 ? ['channel'] : $alts as $alt) {
            $rs = $m["{$alt} {$P} 1 1024"];
            $altRows[] = [(string) $P, $alt === 'channel' ? 'Chan\Channel(1024), one process' : $alt, bench_int($rate($rs)), bench_num(1e6 * $perMsg($rs, 'cpu'), 2),
                bench_num($perMsg($rs, 'vcsw'), 3), bench_spread(array_map(static fn (array $r): float => $r['msgs'] / $r['seconds'], $rs))];
        }
    }
    $cpuShare = $cpuKids / $wall / max(1, (int) preg_match_all('/^processor\s*:/m', (string) @file_get_contents('/proc/cpuinfo')));
    $notes = [
        'mutex/lock-free = median msgs/s of the mutex ring / of the lock-free ring; "x best alt" = the ring\'s msgs/s / that of the fastest '
        . 'alternative at the same P (measured at C = 1, one process per role; capacity does not apply to them: the SysV queue holds '
        . 'msgmnb bytes, a socket pair its buffer, Redis all). Spread = (max - min) / median of the per-run mutex/lock-free ratios.',
        "The alternatives, same run (C = 1):\n\n" . bench_table(['P', 'transport', 'msgs/s', 'CPU us/msg', 'voluntary switches/msg', 'spread'], $altRows),
        "Cost per message of the rings, summed over all processes: CPU time (getrusage, user + system) and context switches "
        . "(voluntary: the process slept, waiting; involuntary: preempted):\n\n"
        . bench_table(['P', 'C', 'capacity', 'CPU us lock-free', 'CPU us mutex', 'vol. sw. lock-free', 'vol. sw. mutex', 'invol. sw. lock-free', 'invol. sw. mutex'], $cost),
        sprintf('%d run(s) per configuration, order reversed every other run; M = %s values (%s at capacity 1; the alternatives half); '
            . 'load average %s at the start, %s at the end; the processes had %.0f%% of the machine\'s CPUs over %.0f s%s. %s',
            $runs, bench_int(s9_messages($quick, 1024)), bench_int(s9_messages($quick, 1)), $load0, bench_loadavg(), 100 * $cpuShare, $wall,
            $quick ? ' (--quick: P = 1, 2, 8, small M; figures for smoke only)' : '',
            in_array('redis', $alts, true) ? 'Redis: ' . S9Redis::version() . ', php-redis ' . phpversion('redis') . '.' : 'Redis: not measured, ' . S9Redis::$why . '.'),
    ];
    return [
        'title' => 'S9: one channel across processes',
        'intro' => 'P processes forked after the channel was made, half producers and half consumers (P = 1: one process, both roles), '
            . 'C coroutines each; msgs/s from the start signal to the last process\'s end, medians. The machine has 2 CPUs: at P >= 4 the '
            . 'processes take turns on them.',
        'headers' => ['P', 'C', 'capacity', 'lock-free msgs/s', 'mutex msgs/s', 'mutex/lock-free', 'best alternative msgs/s', 'lock-free x best alt',
            'mutex x best alt', 'spread'],
        'rows' => $rows,
        'notes' => $notes,
    ];
}

/**
 * --perf: perf stat over one measurement per chosen configuration (the
 * measurement runs in a child php running --one, so perf counts exactly its
 * processes), per message.
 */
function s9_perf(string $so, bool $quick): string
{
    $events = ['task-clock', 'context-switches', 'cpu-migrations', 'syscalls:sys_enter_futex', 'syscalls:sys_enter_read',
        'syscalls:sys_enter_write', 'syscalls:sys_enter_epoll_wait', 'syscalls:sys_enter_epoll_pwait', 'syscalls:sys_enter_epoll_ctl', 'syscalls:sys_enter_sched_yield', 'cycles'];
    $configs = [];
    foreach ([[1, 100, 1], [2, 1, 1024], [8, 1, 1024], [8, 100, 1024], [2, 1, 1], [8, 1, 1], [8, 100, 1]] as [$P, $C, $cap]) {
        foreach (S9_RINGS as $ring) {
            $configs[] = [$ring, $P, $C, $cap];
        }
    }
    $rows = [];
    $unsupported = [];
    // perf counts whole php processes, start-up included: each configuration runs
    // with M and with M / 5 values, and the difference over the 4/5 M extra values is per message.
    $count = static function (string $t, int $P, int $C, int $cap, int $M) use ($events, $so, &$unsupported): array {
        $csv = tempnam(sys_get_temp_dir(), 's9perf');
        $cmd = 'perf stat -x, -o ' . escapeshellarg($csv) . ' -e ' . implode(',', $events) . ' -- ' . escapeshellarg(PHP_BINARY)
            . ' -d extension=' . escapeshellarg($so) . ' ' . escapeshellarg(__FILE__) . " --one={$t},{$P},{$C},{$cap},{$M}";
        $out = shell_exec($cmd . ' 2>&1');
        $r = json_decode((string) $out, true);
        bench_check(is_array($r), "perf run failed: {$cmd}\n{$out}\n" . @file_get_contents($csv));
        $c = [];
        foreach (file($csv) ?: [] as $line) {
            $f = str_getcsv(trim($line));
            if (count($f) >= 3 && in_array($f[2], $events, true)) {
                if (str_starts_with($f[0], '<not')) {
                    $unsupported[$f[2]] = true;
                } else {
                    $c[$f[2]] = (float) $f[0];
                }
            }
        }
        unlink($csv);
        return [$r, $c];
    };
    foreach ($configs as [$t, $P, $C, $cap]) {
        $M = s9_messages($quick, $cap);
        fwrite(STDERR, "[s9 perf] {$t} P={$P} C={$C} capacity {$cap}\n");
        [$r, $big] = $count($t, $P, $C, $cap, $M);
        [$r0, $small] = $count($t, $P, $C, $cap, intdiv($M, 5));
        $dm = $r['msgs'] - $r0['msgs'];
        $per = static fn (string $e, float $scale = 1.0): string => isset($big[$e], $small[$e]) ? bench_num(max(0.0, $big[$e] - $small[$e]) * $scale / $dm, 3) : '-';
        $rows[] = [$t, (string) $P, (string) $C, bench_int($cap), bench_int($r['msgs'] / $r['seconds']),
            $per('task-clock', 1e3), // task-clock is in ms: us per message
            $per('context-switches'), $per('cpu-migrations'), $per('syscalls:sys_enter_futex'), $per('syscalls:sys_enter_read'),
            $per('syscalls:sys_enter_write'), $per('syscalls:sys_enter_epoll_wait'), $per('syscalls:sys_enter_epoll_pwait'), $per('syscalls:sys_enter_epoll_ctl'), $per('syscalls:sys_enter_sched_yield')];
    }
    return bench_table(['ring', 'P', 'C', 'capacity', 'msgs/s', 'CPU us/msg', 'ctx sw/msg', 'migrations/msg', 'futex/msg', 'read/msg', 'write/msg',
        'epoll_wait/msg', 'epoll_pwait/msg', 'epoll_ctl/msg', 'sched_yield/msg'], $rows)
        . ($unsupported !== [] ? "\nNot supported here (no PMU in this VM): " . implode(', ', array_keys($unsupported)) . ".\n" : '');
}

if (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    require_once __DIR__ . '/lib.php';
    set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
        if (!(error_reporting() & $no)) {
            return false; // silenced with @
        }
        throw new ErrorException($message, 0, $no, $file, $line);
    });
    $args = array_slice($argv, 1);
    $opt = ['quick' => false, 'runs' => 3, 'out' => null, 'perf' => false, 'one' => null];
    foreach ($args as $arg) {
        if ($arg === '--quick') {
            $opt['quick'] = true;
        } elseif ($arg === '--perf') {
            $opt['perf'] = true;
        } elseif (preg_match('/^--runs=([1-9][0-9]*)$/', $arg, $mm)) {
            $opt['runs'] = (int) $mm[1];
            $opt['s9_runs'] = (int) $mm[1];
        } elseif (preg_match('/^--out=(.+)$/', $arg, $mm)) {
            $opt['out'] = $mm[1];
        } elseif (preg_match('/^--one=([a-z]+),([0-9]+),([0-9]+),([0-9]+),([0-9]+)$/', $arg, $mm)) {
            $opt['one'] = [$mm[1], (int) $mm[2], (int) $mm[3], (int) $mm[4], (int) $mm[5]];
        } elseif ($arg === '--help' || $arg === '-h') {
            bench_usage(__FILE__, 0);
        } else {
            fwrite(STDERR, "s9.php: unknown argument {$arg}\n");
            bench_usage(__FILE__);
        }
    }
    if (!extension_loaded('chan')) {
        fwrite(STDERR, "s9.php: load the chan extension: php -d extension=PATH/chan.so benchmarks/s9.php\n");
        exit(2);
    }
    try {
        if ($opt['one'] !== null) {
            [$t, $P, $C, $cap, $M] = $opt['one'];
            if ($t === 'redis') {
                bench_check(S9Redis::available(), 'no Redis: ' . S9Redis::$why);
            }
            echo json_encode(s9_once($t, $P, $C, $cap, $M)), "\n";
            exit(0);
        }
        $env = bench_environment($argv);
        if ($opt['perf']) {
            $md = "## S9 under perf stat\n\n- command: `{$env['command']}`\n- date: {$env['date']}; load average {$env['load_start']} at the start, "
                . bench_loadavg() . " at the end\n\n" . s9_perf((string) bench_loaded_extension_path(), $opt['quick']);
        } else {
            $section = s9($opt);
            $md = "- command: `{$env['command']}`\n- date: {$env['date']}\n- PHP: {$env['php']}\n- chan: {$env['chan']}\n- machine: {$env['cpu']}\n\n"
                . bench_section_markdown($section);
        }
        echo $md;
        if ($opt['out'] !== null && $opt['out'] !== '-') {
            file_put_contents($opt['out'], $md);
        }
    } catch (Throwable $e) {
        bench_fail(get_class($e) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine());
    }
}
