<?php
/**
 * Chan\select() against a plain Channel::pop(): ns per operation.
 *
 *   php -d extension=/path/to/chan.so benchmarks/select.php [--runs=N] [--iterations=N]
 *
 * Two workloads, each for pop() and for select() over 2, 8 and 64 channels:
 *
 *   ready   one operation = push one value into a buffered channel, then
 *           receive it in the same context: pop() on that channel, or
 *           select() over all N channels, exactly one of which (a different
 *           one each time, round robin) holds the value. Nothing parks and
 *           nothing switches: this is the cost of select's poll over N cases.
 *   parked  one operation = main pushes into an unbuffered channel while a
 *           consumer coroutine is parked in pop() on it, or parked in
 *           select() over all N channels (main pushes to each in turn). Each
 *           value wakes the consumer, which parks again: this adds select's
 *           registration on N wait queues and their removal.
 *
 * Every cell is the median of --runs runs (default 5) of --iterations
 * operations (default 200,000 for ready, 100,000 for parked). Every received
 * value and case key is checked; a wrong one aborts with exit code 1.
 * Prints a markdown table on stdout.
 */

declare(strict_types=1);

use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

const WIDTHS = [2, 8, 64];

function fail(string $message): never
{
    fwrite(STDERR, "BENCHMARK FAILED: $message\n");
    exit(1);
}

/** @param list<float> $values */
function median(array $values): float
{
    sort($values);
    $n = count($values);
    return $n % 2 ? $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

/** @param list<float> $values (max - min) / median, as a percentage */
function spread(array $values): string
{
    $m = median($values);
    return count($values) > 1 && $m > 0 ? sprintf('%.0f%%', 100 * (max($values) - min($values)) / $m) : '-';
}

/** ns per op of push + pop on one buffered channel. */
function ready_pop(int $iterations): float
{
    $ch = new Channel(1);
    $t = hrtime(true);
    for ($i = 0; $i < $iterations; $i++) {
        $ch->push($i);
        if ($ch->pop() !== $i) {
            fail("ready pop: wrong value at $i");
        }
    }
    return (hrtime(true) - $t) / $iterations;
}

/** ns per op of push into channel i % N + select over all N. */
function ready_select(int $n, int $iterations): float
{
    $cases = [];
    for ($k = 0; $k < $n; $k++) {
        $cases[] = new Channel(1);
    }
    $t = hrtime(true);
    for ($i = 0; $i < $iterations; $i++) {
        $k = $i % $n;
        $cases[$k]->push($i);
        [$key, $v, $ok] = select($cases);
        if ($key !== $k || $v !== $i || $ok !== true) {
            fail("ready select over $n: got [$key, $v] at $i, expected [$k, $i]");
        }
    }
    return (hrtime(true) - $t) / $iterations;
}

/** ns per op of a push that wakes a consumer parked in pop(). */
function parked_pop(int $iterations): float
{
    $ch = new Channel(0);
    $errors = 0;
    go(function () use ($ch, $iterations, &$errors) {
        for ($i = 0; $i < $iterations; $i++) {
            if ($ch->pop() !== $i) {
                $errors++;
            }
        }
    });
    Coroutine::yield(); // the consumer parks in pop()
    $t = hrtime(true);
    for ($i = 0; $i < $iterations; $i++) {
        $ch->push($i);
    }
    Coroutine::yield(); // the consumer takes the last value and ends
    $ns = (hrtime(true) - $t) / $iterations;
    if ($errors !== 0 || Coroutine::count() !== 0 || $ch->stats()['poppers'] !== 0) {
        fail("parked pop: $errors wrong values");
    }
    return $ns;
}

/** ns per op of a push that wakes a consumer parked in select() over N. */
function parked_select(int $n, int $iterations): float
{
    $cases = [];
    for ($k = 0; $k < $n; $k++) {
        $cases[] = new Channel(0);
    }
    $errors = 0;
    go(function () use ($cases, $n, $iterations, &$errors) {
        for ($i = 0; $i < $iterations; $i++) {
            [$key, $v, $ok] = select($cases);
            if ($key !== $i % $n || $v !== $i || $ok !== true) {
                $errors++;
            }
        }
    });
    Coroutine::yield(); // the consumer parks in select()
    $t = hrtime(true);
    for ($i = 0; $i < $iterations; $i++) {
        $cases[$i % $n]->push($i);
    }
    Coroutine::yield();
    $ns = (hrtime(true) - $t) / $iterations;
    $left = 0;
    foreach ($cases as $ch) {
        $left += $ch->stats()['poppers'];
    }
    if ($errors !== 0 || Coroutine::count() !== 0 || $left !== 0) {
        fail("parked select over $n: $errors wrong values, $left registrations left");
    }
    return $ns;
}

if (!extension_loaded('chan') || !function_exists('Chan\select')) {
    fail('the chan extension with Chan\select() is not loaded (php -d extension=/path/to/chan.so ...)');
}
$runs = 5;
$iterations = null;
foreach (array_slice($argv, 1) as $arg) {
    if (preg_match('/^--runs=([1-9][0-9]*)$/', $arg, $m)) {
        $runs = (int) $m[1];
    } elseif (preg_match('/^--iterations=([1-9][0-9]*)$/', $arg, $m)) {
        $iterations = (int) $m[1];
    } else {
        fwrite(STDERR, "usage: php -d extension=chan.so benchmarks/select.php [--runs=N] [--iterations=N]\n");
        exit(2);
    }
}
$readyIterations = $iterations ?? 200000;
$parkedIterations = $iterations ?? 100000;

$columns = ['pop()' => null];
foreach (WIDTHS as $n) {
    $columns["select over $n"] = $n;
}
$workloads = [
    'ready' => [$readyIterations, 'ready_pop', 'ready_select'],
    'parked' => [$parkedIterations, 'parked_pop', 'parked_select'],
];

$cpu0 = getrusage();
$wall0 = hrtime(true);
$results = [];
foreach ($workloads as $workload => [$iters, $popFn, $selectFn]) {
    // Warm-up: one short pass of each, not measured.
    $popFn(1000);
    foreach (WIDTHS as $n) {
        $selectFn($n, 1000);
    }
    // Runs interleave the columns, so machine noise spreads over all of them.
    for ($r = 0; $r < $runs; $r++) {
        foreach ($columns as $label => $n) {
            gc_collect_cycles();
            $results[$workload][$label][] = $n === null ? $popFn($iters) : $selectFn($n, $iters);
        }
        fwrite(STDERR, "$workload: run " . ($r + 1) . "/$runs\n");
    }
}
$wall = (hrtime(true) - $wall0) / 1e9;
$cpu1 = getrusage();
$cpu = ($cpu1['ru_utime.tv_sec'] - $cpu0['ru_utime.tv_sec']) + ($cpu1['ru_utime.tv_usec'] - $cpu0['ru_utime.tv_usec']) / 1e6
     + ($cpu1['ru_stime.tv_sec'] - $cpu0['ru_stime.tv_sec']) + ($cpu1['ru_stime.tv_usec'] - $cpu0['ru_stime.tv_usec']) / 1e6;

echo "# Chan\\select() vs Channel::pop()\n\n";
printf("PHP %s %s, %s; %d runs per cell, median ns per operation (spread = (max - min) / median); ", PHP_VERSION, PHP_ZTS ? 'ZTS' : 'NTS', php_uname('m'), $runs);
printf("ready: %s ops per run, parked: %s ops per run; CPU/wall while measuring %.0f%%.\n\n", number_format($readyIterations), number_format($parkedIterations), 100 * $cpu / $wall);

$header = ['workload'];
foreach ($columns as $label => $_) {
    $header[] = "$label ns/op";
}
$header[] = 'select 2 / 8 / 64 vs pop()';
$rows = [];
foreach ($results as $workload => $cells) {
    $row = [$workload];
    $pop = median($cells['pop()']);
    $ratios = [];
    foreach ($cells as $label => $values) {
        $m = median($values);
        $row[] = count($values) > 1 ? sprintf('%.0f (spread %s)', $m, spread($values)) : sprintf('%.0f', $m);
        if ($label !== 'pop()') {
            $ratios[] = sprintf('%.1fx', $m / $pop);
        }
    }
    $row[] = implode(' / ', $ratios);
    $rows[] = $row;
}
$widths = array_map('strlen', $header);
foreach ($rows as $row) {
    foreach ($row as $i => $cell) {
        $widths[$i] = max($widths[$i], strlen($cell));
    }
}
$line = fn (array $cells, bool $isHeader = false) => '| ' . implode(' | ', array_map(
    fn ($c, $i) => $i === 0 || $isHeader ? str_pad($c, $widths[$i]) : str_pad($c, $widths[$i], ' ', STR_PAD_LEFT),
    $cells,
    array_keys($cells)
)) . " |\n";
echo $line($header, true);
echo '|' . implode('|', array_map(fn ($w, $i) => $i === 0 ? str_repeat('-', $w + 2) : str_repeat('-', $w + 1) . ':', $widths, array_keys($widths))) . "|\n";
foreach ($rows as $row) {
    echo $line($row);
}
echo "\nready: push + receive in one context, no switch. parked: each push wakes a consumer parked in pop()/select() (two switches per op).\n";
