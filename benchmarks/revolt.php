<?php
/**
 * Revolt's API on Revolt's own StreamSelectDriver and on revolt-driver/'s
 * Chan\Revolt\ChanDriver, in one run: medians of several runs and ratios.
 *
 *   php -d extension=/path/to/chan.so benchmarks/revolt.php [--runs=N] [--pingpong=N] [--timers=N]
 *       [--autoload=/usr/share/php/Revolt/EventLoop/autoload.php] [--only=pingpong|timers] [--driver=select|chan]
 *
 * Two workloads, each run --runs times (default 5) on each driver,
 * alternating, with a fresh driver (EventLoop::setDriver()) every run:
 *
 *   pingpong  S3 of BENCHMARKS.md through Revolt: two tasks hand a counter
 *             back and forth --pingpong times (default 20,000), each parked
 *             in its Revolt Suspension until the other resumes it. The tasks
 *             are what each driver offers: Fibers started from
 *             EventLoop::queue() (as amphp's async() does) on
 *             StreamSelectDriver, chan coroutines (Chan\go()) on ChanDriver.
 *             ns per hand-over.
 *   timers    --timers Revolt delays (default 10,000), spread evenly over
 *             0..50 ms, each counting itself; EventLoop::run() until all
 *             fired. The CPU time of the process for the whole run
 *             (getrusage(), user + system: what the loop costs, where the
 *             wall time is mostly the 50 ms of the latest delay), and the
 *             wall time.
 *
 * --only and --driver run one workload on one driver (for callgrind: the
 * instruction counts of two such runs, less one with --pingpong=0 --timers=0,
 * compare the drivers without the machine's noise).
 *
 * Every count is checked; a wrong one aborts with exit code 1. Prints a
 * markdown table on stdout.
 */

declare(strict_types=1);

use Revolt\EventLoop;
use Revolt\EventLoop\Driver\StreamSelectDriver;

require __DIR__ . '/lib.php';

$opt = getopt('', ['runs:', 'pingpong:', 'timers:', 'autoload:', 'only:', 'driver:', 'help']);
if (isset($opt['help'])) {
    bench_usage(__FILE__, 0);
}
$runs = (int) ($opt['runs'] ?? 5);
$n = (int) ($opt['pingpong'] ?? 20000);
$timers = (int) ($opt['timers'] ?? 10000);
$autoload = $opt['autoload'] ?? (getenv('REVOLT_AUTOLOAD') ?: '/usr/share/php/Revolt/EventLoop/autoload.php');
bench_check(extension_loaded('chan'), 'chan is not loaded');
bench_check(is_file($autoload), "no Revolt at $autoload (php-revolt-event-loop, or --autoload=)");
require $autoload;
require __DIR__ . '/../revolt-driver/src/autoload.php';

/** @return callable(Closure): void starts a task */
function spawner(string $driver): callable
{
    return $driver === 'chan'
        ? static fn (Closure $f) => Chan\go($f)
        : static fn (Closure $f) => EventLoop::queue(static fn () => (new Fiber($f))->start());
}

function pingpong(string $driver, int $n): float
{
    $spawn = spawner($driver);
    $a = $b = null;
    $last = -1;
    $t0 = hrtime(true);
    $spawn(static function () use (&$a, &$b, $n, &$last) {
        $b = EventLoop::getSuspension();
        while (($v = $b->suspend()) < $n) {
            $a->resume($v + 1);
        }
        $last = $v;
    });
    $spawn(static function () use (&$a, &$b, $n) {
        $a = EventLoop::getSuspension();
        $v = 0;
        while ($v < $n) {
            $b->resume($v + 1);
            $v = $a->suspend();
        }
        $b->resume($v + 1);
    });
    EventLoop::run();
    if ($driver === 'chan') {
        Chan\Coroutine::sleep(0); // the tasks are coroutines: let them finish
        while (Chan\Coroutine::count() > 0) {
            Chan\Coroutine::sleep(0.001);
        }
    }
    $dt = hrtime(true) - $t0;
    bench_check($last === $n + 1, "pingpong on $driver ended at $last, not " . ($n + 1));
    return $dt / max(1, $n);
}

function cpu_ms(): float
{
    $u = getrusage();
    return ($u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec']) * 1e3 + ($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']) / 1e3;
}

/** @return array{float, float} CPU ms, wall ms */
function timers(string $driver, int $count): array
{
    $fired = 0;
    $c0 = cpu_ms();
    $t0 = hrtime(true);
    for ($i = 0; $i < $count; $i++) {
        EventLoop::delay(0.05 * $i / $count, static function () use (&$fired) {
            $fired++;
        });
    }
    EventLoop::run();
    $dt = hrtime(true) - $t0;
    $cpu = cpu_ms() - $c0;
    bench_check($fired === $count, "timers on $driver: $fired fired, not $count");
    return [$cpu, $dt / 1e6];
}

$results = [];
$works = ['pingpong' => $n, 'timers' => $timers];
if (isset($opt['only'])) {
    bench_check(isset($works[$opt['only']]), '--only=pingpong or --only=timers');
    $works = [$opt['only'] => $works[$opt['only']]];
}
$drivers = isset($opt['driver']) ? [$opt['driver']] : ['select', 'chan'];
bench_check(!array_diff($drivers, ['select', 'chan']), '--driver=select or --driver=chan');
foreach ($works as $work => $size) {
    for ($r = 0; $r < $runs; $r++) {
        foreach ($drivers as $driver) {
            EventLoop::setDriver($driver === 'chan' ? new Chan\Revolt\ChanDriver() : new StreamSelectDriver());
            gc_collect_cycles();
            if ($work === 'pingpong') {
                $results['pingpong'][$driver][] = pingpong($driver, $size);
            } else {
                [$cpu, $wall] = timers($driver, $size);
                $results['timers-cpu'][$driver][] = $cpu;
                $results['timers-wall'][$driver][] = $wall;
            }
        }
    }
}

printf("PHP %s, Revolt %s, %d runs each, alternating\n\n", PHP_VERSION, $autoload, $runs);
echo "| workload | StreamSelectDriver | ChanDriver | chan / select |\n| --- | --- | --- | --- |\n";
$labels = [
    'pingpong' => ["S3 ping-pong, N = $n", 'ns per hand-over', 0],
    'timers-cpu' => ["$timers timers over 50 ms, CPU time", 'ms', 1],
    'timers-wall' => ["$timers timers over 50 ms, wall time", 'ms', 1],
];
if (count($drivers) === 1) {
    exit(0);
}
foreach ($results as $work => $by) {
    [$label, $unit, $decimals] = $labels[$work];
    $s = bench_median($by['select']);
    $c = bench_median($by['chan']);
    printf("| %s | %s %s (spread %s) | %s %s (spread %s) | %.2f |\n", $label,
        bench_num($s, $decimals), $unit, bench_spread($by['select']),
        bench_num($c, $decimals), $unit, bench_spread($by['chan']), $c / $s);
}
