<?php
/**
 * Fault injection for Chan\SharedChannel (issue 17, point 2): processes
 * killed with SIGKILL at random instants, thousands of times on demand, with
 * an account of every value.
 *
 *   php -d extension=PATH/chan.so tests/shared/fault.php [--ring=lockfree,mutex] [--seconds=S] [--kills=N]
 *       [--producers=3] [--consumers=3] [--coroutines=3] [--capacity=8] [--gap-ms=4] [--seed=N] [--keep]
 *
 *   --ring=LIST     rings to run, one after the other (default both)
 *   --seconds=S     how long the killing lasts per ring (default 8)
 *   --kills=N       kill N processes per ring instead (the long run: e.g. 5000);
 *                   CHAN_FAULT_KILLS=N in the environment does the same
 *   --producers, --consumers
 *                   processes of each role alive at any time (default 3 + 3)
 *   --coroutines=C  coroutines per process (default 3), each pushing or popping
 *   --capacity=N    capacity of the channel (default 8: small, so pushers park too)
 *   --gap-ms=G      mean pause between two kills (uniform in [0, 2G]; default 4)
 *   --seed=N        seed of the random choices (default: random, printed)
 *   --keep          keep the log directory
 *
 * The parent makes one SharedChannel per ring, forks the producers and
 * consumers, then in a loop sleeps a random while, SIGKILLs a random child
 * (any role, at any point of its life: starting, inside push() or pop(), or
 * between them) and forks a replacement of the same role. Every producer
 * coroutine writes "I id" to its process's log before push() and "C id"
 * after it returned (a push() that timed out: "A id", not pushed); every
 * consumer coroutine writes "R id" after pop() returned. The logs are files
 * opened with O_APPEND, one per process, written with one write() per line,
 * so a SIGKILL loses at most the line not yet written. Each value carries a
 * CRC of its payload (padding of random length), so a torn slot shows.
 *
 * After the killing: the producers are told to stop (a file they look at
 * every 64 values and after each timeout; they finish the push in hand),
 * the consumers drain the channel and are told to stop too, the parent
 * pops what is left, checks the channel still carries values both ways
 * between it and a fresh child, closes it and checks a child sees the close.
 * Every wait is bounded by a generous timeout: a survivor blocked forever is
 * reported as such (and killed), never waited for.
 *
 * Then the account, per ring: no id received twice, no id received that was
 * never pushed or whose push() timed out, no corrupt value; every completed
 * push received, except values a consumer had popped and not yet logged when
 * it was killed: lost <= consumers killed (at most one value per killed
 * process, only the one in flight). Pushes a killed producer started and
 * never finished may or may not arrive (both are counted). Also: /dev/shm,
 * the SysV segments and the parent's descriptors and shared maps are back to
 * what they were before the channel was made.
 *
 * Prints one line per ring and "fault: ok" (exit 0), or what went wrong
 * (exit 1). tests/shared/fault_short.phpt runs it briefly.
 */

declare(strict_types=1);

use Chan\ClosedException;
use Chan\SharedChannel;
use Chan\TimeoutException;
use Chan\WaitGroup;

use function Chan\go;

const FAULT_PAD_MAX = 40;

/** @return array<string, mixed> */
function fault_options(array $args): array
{
    $opt = ['ring' => ['lockfree', 'mutex'], 'seconds' => 8.0, 'kills' => null, 'producers' => 3, 'consumers' => 3, 'coroutines' => 3,
        'capacity' => 8, 'gap-ms' => 4.0, 'seed' => null, 'keep' => false];
    $env = getenv('CHAN_FAULT_KILLS');
    if (is_string($env) && ctype_digit($env) && (int) $env > 0) {
        $opt['kills'] = (int) $env;
    }
    foreach ($args as $arg) {
        if ($arg === '--keep') {
            $opt['keep'] = true;
            continue;
        }
        if (!preg_match('/^--([a-z-]+)=(.+)$/', $arg, $m)) {
            throw new ValueError("fault.php: unknown argument {$arg}");
        }
        [, $k, $v] = $m;
        $opt[$k] = match ($k) {
            'ring' => array_map(static fn (string $r): string => in_array($r, ['lockfree', 'mutex'], true) ? $r
                : throw new ValueError("fault.php: --ring takes lockfree,mutex, not {$r}"), explode(',', $v)),
            'seconds', 'gap-ms' => (float) $v,
            'kills', 'producers', 'consumers', 'coroutines', 'capacity', 'seed' => max(1, (int) $v),
            default => throw new ValueError("fault.php: unknown option --{$k}"),
        };
    }
    $opt['seed'] ??= random_int(1, PHP_INT_MAX);
    return $opt;
}

/** The value a producer pushes: its id, a padding of random length and a CRC of both. */
function fault_value(int $id): array
{
    $pad = str_repeat(chr(97 + $id % 26), mt_rand(0, FAULT_PAD_MAX));
    return ['id' => $id, 'pad' => $pad, 'crc' => crc32($id . '/' . $pad)];
}

/** The id of a popped value, or null when it is not a well-formed value. */
function fault_check_value(mixed $v): ?int
{
    if (!is_array($v) || !is_int($v['id'] ?? null) || !is_string($v['pad'] ?? null) || ($v['crc'] ?? null) !== crc32($v['id'] . '/' . $v['pad'])) {
        return null;
    }
    return $v['id'];
}

/** Pids this run forked (the machine is shared: only their SysV segments count). */
$GLOBALS['fault_pids'] = [];

/** SysV shared memory segments created by this process or a child it forked. */
function fault_sysv_ours(): int
{
    $ours = $GLOBALS['fault_pids'] + [getmypid() => true];
    $n = 0;
    foreach (array_slice(file('/proc/sysvipc/shm') ?: [], 1) as $line) {
        $cols = preg_split('/\s+/', trim($line));
        $n += isset($cols[4], $ours[(int) $cols[4]]);
    }
    return $n;
}

/** Descriptors, shared maps and shared memory of this process and machine, to compare before and after. */
function fault_resources(): array
{
    $maps = 0;
    foreach (file('/proc/self/maps') ?: [] as $line) {
        // An anonymous MAP_SHARED mapping shows as /dev/zero (deleted); memfd and SysV too.
        if (preg_match('~(/dev/zero|/memfd:|SYSV)~', $line)) {
            $maps++;
        }
    }
    // chan's own names only: other programs of the machine (a database
    // server a benchmark started meanwhile) come and go there
    $shm = array_values(array_filter(scandir('/dev/shm') ?: [], fn ($n) => stripos($n, 'chan') !== false));
    sort($shm);
    $fds = [];
    foreach (scandir('/proc/self/fd') ?: [] as $fd) {
        if ($fd !== '.' && $fd !== '..') {
            $fds[] = $fd . ' ' . @readlink("/proc/self/fd/{$fd}");
        }
    }
    return [
        'fds' => implode(', ', array_slice($fds, 0, -1)), // the last one is scandir's own
        'shared maps' => $maps,
        '/dev/shm' => implode(' ', array_diff($shm, ['.', '..'])),
        'SysV shm segments' => fault_sysv_ours(),
    ];
}

/**
 * A child's life: run the role's coroutines until told to stop, exit.
 * Never returns.
 */
function fault_child(SharedChannel $ch, string $role, int $gen, string $dir, array $opt): never
{
    mt_srand($opt['seed'] + $gen);
    // Told to stop by a file, looked at after every timeout and every 64 values,
    // not by a signal: PHP drops a pcntl handler whose dispatch finds an
    // exception pending (zend_call_function refuses to call), which happens
    // when the signal's wake-up coincides with a pop() timing out.
    $stopFile = "{$dir}/stop-{$role}s";
    $stopped = static function (int $i) use ($stopFile): bool {
        if ($i % 64 !== 0) {
            return false;
        }
        clearstatcache(false, $stopFile);
        return file_exists($stopFile);
    };
    $log = fopen("{$dir}/{$role[0]}{$gen}.log", 'a'); // O_APPEND; plain files are not write-buffered by PHP
    $wg = new WaitGroup($opt['coroutines']);
    for ($k = 0; $k < $opt['coroutines']; $k++) {
        go(static function () use ($ch, $role, $gen, $k, $log, $wg, $stopped): void {
            try {
                if ($role === 'producer') {
                    for ($seq = 0; !$stopped($seq); $seq++) {
                        $id = $gen * 1_000_000_000 + $k * 100_000_000 + $seq;
                        $v = fault_value($id);
                        fwrite($log, "I {$id}\n");
                        for (;;) {
                            try {
                                $ch->push($v, 1.0);
                                fwrite($log, "C {$id}\n");
                                break;
                            } catch (TimeoutException) {
                                if ($stopped(0)) {
                                    fwrite($log, "A {$id}\n");
                                    break 2;
                                }
                            }
                        }
                    }
                } else {
                    for ($i = 1; !$stopped($i); $i++) {
                        try {
                            $v = $ch->pop(0.5);
                        } catch (TimeoutException) {
                            if ($stopped(0)) {
                                break;
                            }
                            continue;
                        }
                        $id = fault_check_value($v);
                        fwrite($log, $id === null ? 'X ' . base64_encode(serialize($v)) . "\n" : "R {$id}\n");
                    }
                }
            } catch (ClosedException) {
                fwrite($log, "closed\n");
            } catch (Throwable $e) {
                fwrite($log, 'E ' . str_replace("\n", ' ', get_class($e) . ': ' . $e->getMessage()) . "\n");
            } finally {
                $wg->done();
            }
        });
    }
    $wg->wait();
    fclose($log);
    exit(0);
}

/** Forks one child of $role; returns its pid. */
function fault_spawn(SharedChannel $ch, string $role, int $gen, string $dir, array $opt): int
{
    $pid = pcntl_fork();
    if ($pid === 0) {
        fault_child($ch, $role, $gen, $dir, $opt);
    }
    $GLOBALS['fault_pids'][$pid] = true;
    if ($pid < 0) {
        throw new RuntimeException('fork failed');
    }
    return $pid;
}

/**
 * Waits for the given children to exit, at most $timeout seconds; SIGKILLs
 * the ones still there after it. Returns [pid => exit status] of the ones that
 * exited on their own, and the list of pids that had to be killed.
 *
 * @param list<int> $pids
 * @return array{0: array<int, int>, 1: list<int>}
 */
function fault_reap(array $pids, float $timeout): array
{
    $exited = [];
    $deadline = microtime(true) + $timeout;
    $left = array_flip($pids);
    while ($left !== [] && microtime(true) < $deadline) {
        foreach (array_keys($left) as $pid) {
            if (pcntl_waitpid($pid, $status, WNOHANG) === $pid) {
                $exited[$pid] = $status;
                unset($left[$pid]);
            }
        }
        if ($left !== []) {
            usleep(2000);
        }
    }
    foreach (array_keys($left) as $pid) {
        posix_kill($pid, SIGKILL);
        pcntl_waitpid($pid, $status);
    }
    return [$exited, array_keys($left)];
}

/** One ring's run; returns its counts and the list of problems found. */
function fault_ring(string $ring, array $opt): array
{
    mt_srand($opt['seed']);
    $dir = sys_get_temp_dir() . '/chan-fault-' . getmypid() . '-' . $ring;
    @mkdir($dir, 0700, true);
    array_map('unlink', glob("{$dir}/*") ?: []);
    // The parent's event loop makes its poller (an epoll descriptor, kept for
    // the process's life) the first time something parks on a descriptor:
    // have that happen before the count, not because of the channel.
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    try {
        Chan\Coroutine::waitReadable($a, 0.001);
    } catch (TimeoutException) {
    }
    fclose($a);
    fclose($b);
    $before = fault_resources();

    $ch = new SharedChannel($opt['capacity'], $ring === 'mutex', 128);
    $gen = 0;
    $live = []; // pid => [role, gen]
    $started = ['producer' => 0, 'consumer' => 0];
    $killed = ['producer' => 0, 'consumer' => 0];
    $killedGen = [];
    $problems = [];
    foreach (['producer' => $opt['producers'], 'consumer' => $opt['consumers']] as $role => $n) {
        for ($i = 0; $i < $n; $i++) {
            $g = ++$gen;
            $live[fault_spawn($ch, $role, $g, $dir, $opt)] = [$role, $g];
            $started[$role]++;
        }
    }

    // The killing.
    $t0 = microtime(true);
    $kills = 0;
    $until = $opt['kills'] !== null ? $t0 + max(60.0, $opt['kills'] * 0.2) : $t0 + $opt['seconds'];
    while (microtime(true) < $until && ($opt['kills'] === null || $kills < $opt['kills'])) {
        usleep(mt_rand(0, (int) (2000 * $opt['gap-ms'])));
        $pid = array_rand($live);
        [$role, $g] = $live[$pid];
        posix_kill($pid, SIGKILL);
        pcntl_waitpid($pid, $status);
        if (!pcntl_wifsignaled($status)) {
            $problems[] = "{$role} {$g} ended on its own (status {$status}) before it was killed";
        }
        unset($live[$pid]);
        $kills++;
        $killed[$role]++;
        $killedGen[$g] = true;
        $g = ++$gen;
        $live[fault_spawn($ch, $role, $g, $dir, $opt)] = [$role, $g];
        $started[$role]++;
        // Any child that ended by itself is a failure (an exception in a coroutine, a crash).
        foreach ($live as $p => [$r, $gg]) {
            if (pcntl_waitpid($p, $st, WNOHANG) === $p) {
                $problems[] = "{$r} {$gg} ended on its own (status {$st}) during the killing";
                unset($live[$p]);
                $g = ++$gen;
                $live[fault_spawn($ch, $r, $g, $dir, $opt)] = [$r, $g];
                $started[$r]++;
            }
        }
    }
    $killSeconds = microtime(true) - $t0;

    // Stop everyone (the producers finish the push in hand), wait for the producers,
    // then let the consumers drain.
    $byRole = static fn (string $role): array => array_keys(array_filter($live, static fn (array $x): bool => $x[0] === $role));
    touch("{$dir}/stop-producers");
    [$exited, $blocked] = fault_reap($byRole('producer'), 30.0);
    foreach ($blocked as $pid) {
        $problems[] = "producer {$live[$pid][1]} still blocked 30 s after being told to stop";
    }
    $drainDeadline = microtime(true) + 30.0;
    while ($ch->count() > 0 && microtime(true) < $drainDeadline) {
        usleep(5000);
    }
    $leftInChannel = $ch->count();
    touch("{$dir}/stop-consumers");
    [$exitedC, $blockedC] = fault_reap($byRole('consumer'), 30.0);
    foreach ($blockedC as $pid) {
        $problems[] = "consumer {$live[$pid][1]} still blocked 30 s after being told to stop";
    }
    foreach ($exited + $exitedC as $pid => $status) {
        if (!pcntl_wifexited($status) || pcntl_wexitstatus($status) !== 0) {
            $problems[] = "{$live[$pid][0]} {$live[$pid][1]} exited with status {$status} when told to stop";
        }
    }
    if ($leftInChannel > 0) {
        $problems[] = "the consumers left {$leftInChannel} values in the channel for 30 s";
    }

    // The parent pops what is left: every value must come out.
    $parentGot = [];
    $drained = 0;
    for (;;) {
        if (!$ch->tryPop($v)) {
            if ($ch->count() === 0) {
                break;
            }
            try {
                $v = $ch->pop(5.0);
            } catch (TimeoutException) {
                $problems[] = 'the channel counts ' . $ch->count() . ' values but pop() finds none in 5 s (a stalled slot)';
                break;
            }
        }
        $drained++;
        $id = fault_check_value($v);
        $parentGot[] = $id === null ? 'X' : $id;
    }

    // Still a working channel, both ways, with processes that never saw a
    // kill: a child pops what the parent pushed, the parent pops what another
    // child pushed (one at a time, so nobody pops its own value), and a
    // third child sees the parent's close.
    $child = static function (callable $body): int {
        $pid = pcntl_fork();
        $GLOBALS['fault_pids'][$pid] = true;
        if ($pid === 0) {
            try {
                exit($body() ? 0 : 3);
            } catch (Throwable) {
                exit(4);
            }
        }
        return $pid;
    };
    $childOk = static function (int $pid): bool {
        [$ex, $bl] = fault_reap([$pid], 30.0);
        return $bl === [] && pcntl_wifexited($ex[$pid]) && pcntl_wexitstatus($ex[$pid]) === 0;
    };
    try {
        $ch->push('ping', 5.0);
        if ($ch->pop(5.0) !== 'ping') {
            $problems[] = 'after the kills, the parent did not pop its own ping';
        }
        $pid = $child(static fn (): bool => $ch->pop(20.0) === 'to child');
        $ch->push('to child', 5.0);
        if (!$childOk($pid)) {
            $problems[] = 'after the kills, a new child did not pop what the parent pushed';
        }
        $pid = $child(static function () use ($ch): bool {
            $ch->push('to parent', 20.0);
            return true;
        });
        if ($ch->pop(20.0) !== 'to parent' || !$childOk($pid)) {
            $problems[] = 'after the kills, the parent did not pop what a new child pushed';
        }
        $ch->close();
        $pid = $child(static function () use ($ch): bool {
            try {
                $ch->pop(20.0);
            } catch (ClosedException) {
                return $ch->isClosed();
            }
            return false;
        });
        if (!$childOk($pid)) {
            $problems[] = 'after the kills, a new child did not see the close';
        }
    } catch (Throwable $e) {
        $problems[] = 'after the kills: ' . get_class($e) . ': ' . $e->getMessage();
    }
    $stats = $ch->stats();
    unset($ch);
    gc_collect_cycles();
    $after = fault_resources();
    foreach ($before as $k => $v) {
        if ($after[$k] !== $v) {
            $problems[] = "{$k}: before " . var_export($v, true) . ', after ' . var_export($after[$k], true);
        }
    }

    // The account.
    $intent = $completed = $aborted = [];
    $received = [];
    $corrupt = 0;
    $errors = [];
    foreach (glob("{$dir}/*.log") ?: [] as $file) {
        $g = (int) substr(basename($file), 1);
        $fp = fopen($file, 'r');
        while (($line = fgets($fp)) !== false) {
            if (!str_ends_with($line, "\n")) {
                break; // the last line, cut by the kill
            }
            $line = substr($line, 0, -1);
            $sp = strpos($line, ' ');
            $tag = $sp === false ? $line : substr($line, 0, $sp);
            $arg = $sp === false ? '' : substr($line, $sp + 1);
            switch ($tag) {
                case 'I': $intent[(int) $arg] = $g; break;
                case 'C': $completed[(int) $arg] = $g; break;
                case 'A': $aborted[(int) $arg] = $g; break;
                case 'R': $received[(int) $arg] = ($received[(int) $arg] ?? 0) + 1; break;
                case 'X': $corrupt++; $errors[] = "corrupt value popped: {$arg}"; break;
                case 'closed': $errors[] = "process {$g} saw the channel closed before the end"; break;
                case 'E': $errors[] = "process {$g}: {$arg}"; break;
                default: $errors[] = "log {$file}: bad line " . var_export($line, true);
            }
        }
        fclose($fp);
    }
    foreach ($parentGot as $id) {
        if ($id === 'X') {
            $corrupt++;
            $errors[] = 'corrupt value popped by the parent';
        } else {
            $received[$id] = ($received[$id] ?? 0) + 1;
        }
    }
    $dup = $unknown = $abortedReceived = $lost = $inflightDelivered = $inflightLost = 0;
    foreach ($received as $id => $n) {
        if ($n > 1) {
            $dup += $n - 1;
            if ($dup <= 5) {
                $errors[] = "id {$id} received {$n} times";
            }
        }
        if (!isset($intent[$id])) {
            $unknown++;
            $errors[] = "id {$id} received but never pushed";
        } elseif (isset($aborted[$id])) {
            $abortedReceived++;
            $errors[] = "id {$id} received although its push() timed out";
        }
    }
    foreach ($intent as $id => $g) {
        if (isset($completed[$id])) {
            if (!isset($received[$id])) {
                $lost++;
            }
        } elseif (!isset($aborted[$id])) {
            if (!isset($killedGen[$g])) {
                $errors[] = "producer {$g} (never killed) left the push of {$id} unfinished";
            }
            isset($received[$id]) ? $inflightDelivered++ : $inflightLost++;
        }
    }
    if ($dup > 0) {
        $errors[] = "{$dup} duplicates";
    }
    if ($lost > $killed['consumer']) {
        $errors[] = "{$lost} completed pushes never received, more than the {$killed['consumer']} consumers killed";
    }
    if (count($completed) === 0) {
        $errors[] = 'no push completed at all';
    }
    if (!$opt['keep']) {
        array_map('unlink', glob("{$dir}/*") ?: []);
        @rmdir($dir);
    }
    return [
        'ring' => $ring,
        'seconds' => $killSeconds,
        'processes' => $started['producer'] + $started['consumer'] + 1,
        'kills' => $kills,
        'killed_producers' => $killed['producer'],
        'killed_consumers' => $killed['consumer'],
        'pushed' => count($completed),
        'received' => array_sum($received),
        'drained_by_parent' => $drained,
        'lost' => $lost,
        'duplicated' => $dup,
        'inflight_delivered' => $inflightDelivered,
        'inflight_lost' => $inflightLost,
        'corrupt' => $corrupt,
        'stats_processes_at_end' => $stats['processes'] ?? null,
        'problems' => array_merge($problems, array_slice($errors, 0, 20)),
        'dir' => $dir,
    ];
}

/** One line of counts for a ring's result. */
function fault_line(array $r): string
{
    return sprintf('%s: %.1f s, %d processes, %d kills (%d producers, %d consumers), %d pushes completed, %d values received, '
        . '%d lost (at most %d allowed), %d duplicated, %d corrupt; pushes cut by a kill: %d delivered, %d not; stats()[processes] at the end: %s',
        $r['ring'], $r['seconds'], $r['processes'], $r['kills'], $r['killed_producers'], $r['killed_consumers'], $r['pushed'], $r['received'],
        $r['lost'], $r['killed_consumers'], $r['duplicated'], $r['corrupt'], $r['inflight_delivered'], $r['inflight_lost'],
        var_export($r['stats_processes_at_end'], true));
}

/** Runs the rings of $opt; returns the results. */
function fault_main(array $opt): array
{
    $results = [];
    foreach ($opt['ring'] as $ring) {
        $results[] = fault_ring($ring, $opt);
    }
    return $results;
}

if (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    if (!class_exists(SharedChannel::class) || !function_exists('pcntl_fork') || !function_exists('posix_kill')) {
        fwrite(STDERR, "fault.php needs the chan extension with Chan\\SharedChannel, pcntl and posix\n");
        exit(2);
    }
    try {
        $opt = fault_options(array_slice($argv, 1));
    } catch (ValueError $e) {
        fwrite(STDERR, $e->getMessage() . "\n");
        exit(2);
    }
    echo "fault: seed {$opt['seed']}, ", $opt['kills'] !== null ? "{$opt['kills']} kills" : "{$opt['seconds']} s", ' per ring, ',
        "{$opt['producers']} producers + {$opt['consumers']} consumers x {$opt['coroutines']} coroutines, capacity {$opt['capacity']}\n";
    $bad = false;
    foreach (fault_main($opt) as $r) {
        echo fault_line($r), "\n";
        foreach ($r['problems'] as $p) {
            echo "  PROBLEM: {$p}\n";
            $bad = true;
        }
    }
    echo $bad ? "fault: FAILED\n" : "fault: ok\n";
    exit($bad ? 1 : 0);
}
