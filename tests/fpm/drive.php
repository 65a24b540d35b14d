<?php
/**
 * Driver of tests/fpm/run.sh (run it through run.sh, which starts php-fpm).
 *
 * check mode (default): sends --requests requests to app.php over FastCGI,
 * --concurrency at a time, kinds mixed (a 65%, b/c/d 10% each, e 5%, fixed seed),
 * and checks every response exactly; samples the workers' VmRSS every
 * --sample-every requests (with no request in flight) and fits the RSS slope
 * over the second half of the run (a worker fails when the slope is above
 * --max-slope and its RSS rose in most intervals: a leak, not one step). Prints `ok: ...` / `FAILED: ...` lines.
 *
 *   php drive.php --socket=S --app=/abs/app.php --master=PID [--requests=5000]
 *       [--concurrency=4] [--sample-every=250] [--max-slope=64] [--seed=1]
 *       [--break=b|c|d] [--leak]
 *
 * bench mode: sequential requests to one.php on two php-fpm instances (A and
 * B, alternating A B B A ...), one.php (one coroutine) alternating with
 * one.php?none=1; appends "label round i one|none rtt_ns dt_ns" lines to --out.
 *
 *   php drive.php --bench --sock-a=S --sock-b=S --script=/abs/one.php
 *       --round=R --requests=N --warmup=W --out=FILE
 *
 * bench-report mode: medians per label of the lines bench mode wrote.
 *
 *   php drive.php --bench-report --out=FILE
 */

declare(strict_types=1);

require __DIR__ . '/fcgi_client.php';

$opt = getopt('', [
    'socket:', 'app:', 'master:', 'requests:', 'concurrency:', 'sample-every:',
    'max-slope:', 'seed:', 'bench', 'bench-report', 'script:', 'warmup:', 'out:',
    'break:', 'leak', 'sock-a:', 'sock-b:', 'round:',
]);

function out(string $line): void
{
    echo $line, "\n";
    flush();
}

function median(array $xs): float
{
    if (!$xs) {
        return NAN;
    }
    sort($xs);
    $n = count($xs);
    return $n % 2 ? (float) $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}

/** @return array{0: float, 1: float} slope and its standard error */
function fit(array $xs, array $ys): array
{
    $n = count($xs);
    if ($n < 3) {
        return [NAN, NAN];
    }
    $mx = array_sum($xs) / $n;
    $my = array_sum($ys) / $n;
    $sxx = $sxy = 0.0;
    foreach ($xs as $i => $x) {
        $sxx += ($x - $mx) ** 2;
        $sxy += ($x - $mx) * ($ys[$i] - $my);
    }
    $b = $sxy / $sxx;
    $ss = 0.0;
    foreach ($xs as $i => $x) {
        $ss += ($ys[$i] - $my - $b * ($x - $mx)) ** 2;
    }
    return [$b, sqrt($ss / ($n - 2) / $sxx)];
}

/* ---------------------------------------------------------------- bench */

if (isset($opt['bench-report'])) {
    $rows = $pairs = [];
    foreach (file($opt['out'], FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
        [$label, $round, $idx, $what, $rtt, $dt] = explode(' ', $line);
        $pairs[$what]["$round.$idx"][$label] = (int) $rtt;
        $rows[$label][$what]['rtt'][] = (int) $rtt;
        $rows[$label][$what]['dt'][] = (int) $dt;
        $rows[$label][$what]['round'][$round][] = (int) $rtt;
    }
    ksort($rows);
    $med = [];
    foreach ($rows as $label => $r) {
        $one = median($r['one']['rtt']);
        $none = median($r['none']['rtt']);
        $med[$label] = ['one' => $one, 'none' => $none, 'dt' => median($r['one']['dt']),
            'rounds' => array_map(fn ($xs) => median($xs), $r['one']['round'])];
        out(sprintf(
            'bench %s: %d requests of each; median per request: with one coroutine %.1f us, without %.1f us (difference %.1f us); go() .. completion inside the request %.1f us',
            $label, count($r['one']['rtt']), $one / 1000, $none / 1000, ($one - $none) / 1000, $med[$label]['dt'] / 1000
        ));
        out(sprintf('bench %s: per-round medians with one coroutine: %s us', $label,
            implode(' ', array_map(fn ($x) => sprintf('%.1f', $x / 1000), $med[$label]['rounds']))));
    }
    if (isset($med['A'], $med['B'])) {
        [$a, $b] = [$med['A'], $med['B']];
        $perRound = [];
        foreach ($a['rounds'] as $round => $x) {
            $perRound[] = sprintf('%.3f', $b['rounds'][$round] / $x);
        }
        $ratio = fn (string $what) => median(array_map(fn ($p) => $p['B'] / $p['A'],
            array_filter($pairs[$what], fn ($p) => isset($p['A'], $p['B']))));
        out(sprintf('bench B/A: per-request time with one coroutine %.3f (per round: %s; median of the %d back-to-back A/B pairs: %.3f, the same for requests without a coroutine: %.3f); its extra cost over a request without one %.3f; go() .. completion %.3f',
            $b['one'] / $a['one'], implode(' ', $perRound), count($pairs['one']), $ratio('one'), $ratio('none'),
            ($b['one'] - $b['none']) / ($a['one'] - $a['none']), $b['dt'] / $a['dt']));
    }
    exit(0);
}

if (isset($opt['bench'])) {
    $clients = ['A' => new FcgiClient($opt['sock-a']), 'B' => new FcgiClient($opt['sock-b'])];
    $script = $opt['script'];
    $round = $opt['round'] ?? '0';
    $requests = (int) ($opt['requests'] ?? 1000);
    $warmup = (int) ($opt['warmup'] ?? 200);
    $lines = '';
    $bad = 0;
    // sequential; with and without a coroutine alternate, and so do A and B: A B B A ...
    for ($i = 0; $i < $warmup + 2 * $requests; $i++) {
        $none = $i % 2 === 1;
        foreach (intdiv($i, 2) % 2 === 0 ? ['A', 'B'] : ['B', 'A'] as $label) {
            $r = $clients[$label]->request(FcgiClient::params($script, $none ? 'none=1' : ''));
            if ($r->error !== null || $r->status !== 200 || $r->stderr !== ''
                || !preg_match('/^v=(\d+) dt=(\d+) pid=\d+\n$/', $r->body, $m) || $m[1] !== ($none ? '0' : '42')) {
                if ($bad++ < 3) {
                    out("FAILED: bench $label: unexpected response: status {$r->status} error " . var_export($r->error, true)
                        . ' body ' . var_export($r->body, true) . ' stderr ' . var_export($r->stderr, true));
                }
                continue;
            }
            if ($i >= $warmup) {
                $lines .= sprintf("%s %s %d %s %d %d\n", $label, $round, $i, $none ? 'none' : 'one', $r->doneNs - $r->sentNs, (int) $m[2]);
            }
        }
    }
    file_put_contents($opt['out'], $lines, FILE_APPEND);
    exit($bad ? 1 : 0);
}

/* ---------------------------------------------------------------- check */

$socket = $opt['socket'];
$app = $opt['app'];
$master = (int) $opt['master'];
$requests = (int) ($opt['requests'] ?? 5000);
$concurrency = max(1, (int) ($opt['concurrency'] ?? 4));
$sampleEvery = max(1, (int) ($opt['sample-every'] ?? 250));
if ($requests / $sampleEvery < 8) {
    $sampleEvery = max(1, intdiv($requests, 20));   // a short run: still ~20 samples
}
$maxSlope = (float) ($opt['max-slope'] ?? 64);
$seed = (int) ($opt['seed'] ?? 1);
$break = $opt['break'] ?? null;   // self-test: expect a wrong value for this kind
$leak = isset($opt['leak']) ? '&leak=1' : '';   // self-test: app.php grows the workers' memory

$passed = $failed = 0;
function check(bool $ok, string $what, array $details = []): void
{
    global $passed, $failed;
    if ($ok) {
        $passed++;
        out("ok: $what");
    } else {
        $failed++;
        out("FAILED: $what");
        foreach (array_slice($details, 0, 5) as $d) {
            out("    $d");
        }
        if (count($details) > 5) {
            out('    ... and ' . (count($details) - 5) . ' more');
        }
    }
}

/** @return array<int, int> pid => start time (clock ticks since boot) of $master's children */
function children(int $master): array
{
    $kids = [];
    foreach (glob('/proc/[0-9]*/stat') as $f) {
        $s = @file_get_contents($f);
        if ($s === false) {
            continue;
        }
        // pid (comm) state ppid ... starttime is field 22
        $rest = explode(' ', substr($s, strrpos($s, ')') + 2));
        if ((int) $rest[1] === $master) {
            $kids[(int) substr($s, 0, strpos($s, ' '))] = (int) $rest[19];
        }
    }
    ksort($kids);
    return $kids;
}

function rssKiB(int $pid): ?int
{
    $s = @file_get_contents("/proc/$pid/status");
    return $s !== false && preg_match('/^VmRSS:\s+(\d+) kB/m', $s, $m) ? (int) $m[1] : null;
}

function workSum(int $n): int
{
    $sum = 0;
    for ($i = 0; $i < 200; $i++) {
        $v = $n * 1000 + $i;
        $sum += ($v * $v) % 1000003;
    }
    return $sum;
}

/** @return array{status: int, body: string, stderr: string} what app.php must answer */
function expect(string $kind, int $n): array
{
    $work = sprintf("sum=%d count=200 tick=tick-%d\nselect=null null ping:ping-%d:1\n", workSum($n), $n, $n);
    $shutdown = "shutdown n=$n\n";
    $loc = ' in \S+ on line \d+';
    switch ($kind) {
        case 'a':
            return ['status' => 200, 'body' => $work . "end count=0 spawned=100\n" . $shutdown, 'stderr' => ''];
        case 'b':
            return ['status' => 200, 'body' => $work . "end count=7 spawned=107\n" . $shutdown . str_repeat("released\n", 7),
                'stderr' => '/^PHP message: PHP Warning:  Chan: 7 coroutines blocked forever at script end, destroying them:'
                    . '(\ncoroutine \d+ \[Chan\\\\[^\]]+\] at \S+app\.php:\d+, created at \S+app\.php:\d+){7}' . $loc . '\n?$/'];
        case 'c':
            $fin = str_repeat("finally\n", 3);
            return ['status' => 500, 'body' => $n % 2 === 0 ? $fin . $shutdown : $shutdown . $fin,
                'stderr' => '/^PHP message: PHP Fatal error:  Uncaught RuntimeException: boom n=' . $n
                    . ' in \S+app\.php:\d+\nStack trace:\n(#\d+ [^\n]*\n)+  thrown' . $loc . '\n?$/'];
        case 'e':
            return ['status' => 200, 'body' => $shutdown,
                'stderr' => '/^PHP message: PHP Fatal error:  Allowed memory size of 4194304 bytes exhausted \(tried to allocate \d+ bytes\)'
                    . $loc . '\n?$/'];
        case 'd':
            $exit = "exiting\nexit n=$n\n";
            return ['status' => 200, 'body' => $n % 2 === 0 ? $exit . $shutdown : $shutdown . $exit, 'stderr' => ''];
    }
    throw new LogicException($kind);
}

$kids0 = children($master);
check(count($kids0) === 2, 'php-fpm master ' . $master . ' has 2 workers at the start: ' . implode(', ', array_keys($kids0)));

mt_srand($seed);
$kinds = [];
for ($i = 1; $i <= $requests; $i++) {
    $r = mt_rand(0, 99);
    $kinds[$i] = $r < 65 ? 'a' : ($r < 75 ? 'b' : ($r < 85 ? 'c' : ($r < 95 ? 'd' : 'e')));
}

$client = new FcgiClient($socket);
$samples = [];   // [requests done, [pid => KiB]]
$sample = function (int $done) use (&$samples, $kids0): void {
    $row = [];
    foreach (array_keys($kids0) as $pid) {
        $row[$pid] = rssKiB($pid);
    }
    $samples[] = [$done, $row];
};

$results = [];   // n => [kind, FcgiResponse]
$t0 = hrtime(true);
$sample(0);
$next = 1;
$done = 0;
$barrier = min($sampleEvery, $requests);   // send up to here, then sample with none in flight
while ($done < $requests) {
    while ($next <= $barrier && $client->inFlight() < $concurrency) {
        $n = $next++;
        $client->send(FcgiClient::params($app, "kind={$kinds[$n]}&n=$n$leak"), $n);
    }
    foreach ($client->wait() as $req) {
        $results[$req->tag] = $req->resp;
        $done++;
    }
    if ($done === $barrier) {
        $sample($done);
        $barrier = min($barrier + $sampleEvery, $requests);
    }
}
$seconds = (hrtime(true) - $t0) / 1e9;

/* ---- every response */
$wrong = [];
$transport = [];
$notClean = [];
$perPid = [];    // pid => list of [t, n]
$memStart = [];  // pid => [n => bytes]
foreach ($kinds as $n => $kind) {
    $r = $results[$n] ?? null;
    if ($r === null || $r->error !== null) {
        $transport[] = "request $n ($kind): " . ($r->error ?? 'no response');
        continue;
    }
    $exp = expect($break === $kind ? 'a' : $kind, $n);
    if (!preg_match('/\Apid=(\d+) t=(\d+)\nstart count=(\d+) peak=(\d+) switches=(\d+) spawned=(\d+) mem=(\d+)\nkind=(\w) n=(\d+)\n/', $r->body, $m)) {
        $wrong[] = "request $n ($kind): no state header: " . json_encode(substr($r->body, 0, 300));
        continue;
    }
    [, $pid, $t, $count, $peak, $switches, $spawned, $mem, $k, $rn] = $m;
    $perPid[(int) $pid][] = [(int) $t, $n];
    $memStart[(int) $pid][$n] = (int) $mem;
    $rest = substr($r->body, strlen($m[0]));
    $errs = [];
    if ($k !== $kind || (int) $rn !== $n) {
        $errs[] = "answered kind=$k n=$rn";
    }
    if ($r->status !== $exp['status']) {
        $errs[] = "status {$r->status}, expected {$exp['status']}";
    }
    if ($rest !== $exp['body']) {
        $errs[] = 'body ' . json_encode($rest) . ', expected ' . json_encode($exp['body']);
    }
    if ($exp['stderr'] === '' ? $r->stderr !== '' : !preg_match($exp['stderr'], $r->stderr)) {
        $errs[] = 'stderr ' . json_encode($r->stderr) . ($exp['stderr'] === '' ? ', expected none' : ", expected to match {$exp['stderr']}");
    }
    if ($errs) {
        $wrong[] = "request $n ($kind) on pid $pid: " . implode('; ', $errs);
    }
    if ("$count $peak $switches $spawned" !== '0 0 0 0') {
        $notClean[] = "request $n ($kind) on pid $pid: Coroutine::stats() at start: count=$count peak=$peak switches=$switches spawned=$spawned";
    }
}
$byKind = array_count_values($kinds);
ksort($byKind);
$kindList = implode(', ', array_map(fn ($k, $c) => "$c $k", array_keys($byKind), $byKind));
check(!$transport, "every request got a complete FastCGI response ($requests: $kindList)", $transport);
check(!$wrong, 'every response is exactly right (status, body, FCGI_STDERR)', $wrong);
check(!$notClean, 'every request started with Coroutine::stats() count=0 peak=0 switches=0 spawned=0', $notClean);

/* ---- workers */
$kids1 = children($master);
$served = implode(', ', array_map(fn ($p, $l) => "$p served " . count($l), array_keys($perPid), $perPid));
$foreign = array_diff(array_keys($perPid), array_keys($kids0));
check(!$foreign && $kids1 === $kids0,
    'the same 2 workers throughout (no crash, no respawn): ' . $served,
    ['workers at start ' . json_encode($kids0) . ', at end ' . json_encode($kids1) . ' (pid => start time); pids in responses: ' . implode(', ', array_keys($perPid))]);

/* ---- the request after a b/c/d/e request on the same worker */
$after = ['b' => 0, 'c' => 0, 'd' => 0, 'e' => 0];
$dirty = [];
$memBad = [];
$memRange = [];
foreach ($perPid as $pid => $list) {
    sort($list);
    $mems = array_values($memStart[$pid]);
    $base = median($mems);
    $memRange[] = sprintf('pid %d %d..%d', $pid, min($mems), max($mems));
    foreach ($list as $i => [, $n]) {
        if ($i === 0) {
            continue;
        }
        $prev = $list[$i - 1][1];
        if ($kinds[$prev] === 'a') {
            continue;
        }
        $after[$kinds[$prev]]++;
        foreach (array_merge($wrong, $notClean, $transport) as $e) {
            if (str_starts_with($e, "request $n ")) {
                $dirty[] = "after request $prev ({$kinds[$prev]}): $e";
            }
        }
        if (abs($memStart[$pid][$n] - $base) > 1024) {
            $memBad[] = "request $n on pid $pid after request $prev ({$kinds[$prev]}): memory_get_usage() at start {$memStart[$pid][$n]}, the worker's median $base";
        }
    }
}
check(!$dirty && !$memBad && array_sum($after) > 0,
    sprintf('the request after a b/c/d/e request on the same worker started clean and answered right (after b: %d, c: %d, d: %d, e: %d; memory_get_usage() at start within 1 KiB of the worker\'s median: %s)',
        $after['b'], $after['c'], $after['d'], $after['e'], implode(', ', $memRange)),
    array_merge($dirty, $memBad));

/* ---- RSS */
$half = $requests / 2;
$rssLines = [];
$slopeBad = [];
foreach (array_keys($kids0) as $pid) {
    $xs = $ys = [];
    $all = [];
    foreach ($samples as [$d, $row]) {
        if ($row[$pid] === null) {
            continue;
        }
        $all[] = $row[$pid];
        if ($d >= $half) {
            $xs[] = $d;
            $ys[] = $row[$pid];
        }
    }
    [$b, $se] = fit($xs, $ys);
    $slope = $b * 1000;
    // A leak raises RSS at most samples; the allocator taking one more
    // arena or mmap step raises it once and can still tip the fitted slope.
    $rises = 0;
    for ($i = 1; $i < count($ys); $i++) {
        $rises += $ys[$i] > $ys[$i - 1] ? 1 : 0;
    }
    $steady = count($ys) > 1 && 2 * $rises > count($ys) - 1;
    $rssLines[] = sprintf('pid %d: RSS %d KiB at start, %d KiB after the first %d requests, %d KiB at the end (min %d, max %d); slope over the second half %+.1f KiB per 1000 requests (+-%.1f, %d samples, rising in %d of %d intervals)',
        $pid, $all[0] ?? -1, $all[1] ?? -1, $sampleEvery, end($all), min($all ?: [0]), max($all ?: [0]), $slope, 2 * $se * 1000, count($xs), $rises, max(count($ys) - 1, 0));
    if (count($xs) < 3) {
        $slopeBad[] = rssKiB($pid) === null
            ? "$pid: exited during the run, too few RSS samples"
            : "$pid: fewer than 3 RSS samples over the second half (use more requests or a smaller --sample-every)";
    } elseif ($slope > $maxSlope && $steady) {
        $slopeBad[] = $pid;
    }
}
out(sprintf('figures: %d requests in %.1f s (%.0f requests/s, %d at a time), RSS sampled every %d requests with none in flight',
    $requests, $seconds, $requests / $seconds, $concurrency, $sampleEvery));
foreach ($rssLines as $l) {
    out("figures: $l");
}
check(!$slopeBad, sprintf('workers\' RSS flat: over the second half, no worker both above %g KiB per 1000 requests and rising in most intervals', $maxSlope),
    array_map(fn ($p) => is_int($p) ? "pid $p: growing" : "pid $p", $slopeBad));

/* ---- signals, last (it ends a worker): a request's Chan\signal() channel
 * gets the signal in the worker, and the end of the request puts the
 * worker's disposition back: php-fpm's children take SIGTERM's default
 * action, so SIGTERM then ends that worker and the master starts another
 * (with chan's handler left in place, the worker would live on). */
$r = $client->request(FcgiClient::params($app, 'kind=s&n=0'));
$spid = preg_match('/\Apid=(\d+) /', $r->body, $m) ? (int) $m[1] : 0;
check($r->error === null && $r->status === 200 && $r->stderr === '' && str_contains($r->body, "signal got=10\n") && $spid > 0,
    'a request\'s Chan\\signal(SIGUSR1, SIGTERM) gets the SIGUSR1 it sends itself in the worker',
    ['status ' . $r->status . ', error ' . var_export($r->error, true) . ', body ' . json_encode($r->body) . ', stderr ' . json_encode($r->stderr)]);
if ($spid > 0) {
    out("sigterm: $spid");
    exec("kill -TERM $spid");
    $deadline = microtime(true) + 20;
    while (isset(children($master)[$spid]) && microtime(true) < $deadline) {
        usleep(20000);
    }
    $gone = !isset(children($master)[$spid]);
    while (count(children($master)) < 2 && microtime(true) < $deadline) {
        usleep(20000);
    }
    check($gone && count(children($master)) === 2,
        "after that request, SIGTERM ends worker $spid (its default action is back) and the master starts another",
        ['workers now: ' . implode(', ', array_keys(children($master)))]);
}

exit($failed ? 1 : 0);
