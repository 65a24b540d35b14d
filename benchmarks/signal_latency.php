<?php
/**
 * How long a pcntl_signal() handler (pcntl_async_signals(true)) takes to run
 * after another process sends the signal, while every chan context waits in
 * the event loop, against PHP's own floor: the same signal interrupting a
 * plain usleep() with no chan in the way (issue 27 asks for a millisecond).
 * A sender process writes hrtime(true) to a file, then kill()s this one; the
 * handler notes hrtime(true); both clocks are CLOCK_MONOTONIC. Medians of
 * --runs signals each.
 *
 *   php -d extension=PATH/chan.so benchmarks/signal_latency.php [--runs=20]
 *
 * Needs ext-pcntl and ext-posix (Debian's php-cli has both).
 */

declare(strict_types=1);

$runs = (int) (getopt('', ['runs:'])['runs'] ?? 20);
if (!function_exists('pcntl_async_signals') || !function_exists('posix_kill') || !extension_loaded('chan')) {
    fwrite(STDERR, "needs ext-pcntl, ext-posix and chan loaded\n");
    exit(2);
}
pcntl_async_signals(true);
$got = 0;
pcntl_signal(SIGUSR1, function () use (&$got): void {
    $got = hrtime(true);
});
$stamp = tempnam(sys_get_temp_dir(), 'siglat');
$sender = 'usleep(100000); file_put_contents($argv[2], hrtime(true)); posix_kill((int) $argv[1], SIGUSR1); sleep(2);';
// the sender runs with -n: ext-posix again, where it is a shared module
$posix = is_file(ini_get('extension_dir') . '/posix.so') ? ['-d', 'extension=posix'] : [];

/** @return list<float> microseconds from the sender's stamp to the handler, one per run */
$measure = function (bool $chan) use ($runs, $stamp, $sender, $posix, &$got): array {
    $lat = [];
    for ($i = 0; $i < $runs; $i++) {
        $got = 0;
        $p = proc_open(array_merge([PHP_BINARY, '-n'], $posix, ['-r', $sender, (string) getmypid(), $stamp]), [], $pipes);
        if ($chan) {
            Chan\run(function () use (&$got): void {
                Chan\go(fn () => null);             // a coroutine: main's waits park
                $deadline = Chan\after(1.0);
                while ($got === 0 && !$deadline->tryPop()) {
                    Chan\select([$deadline], 0.5);  // every context waits in the loop
                }
            });
        } else {
            usleep(1000000);                        // the signal ends it early
        }
        $sent = (int) file_get_contents($stamp);
        proc_terminate($p);
        proc_close($p);
        if ($got > 0 && $sent > 0) {
            $lat[] = ($got - $sent) / 1e3;
        }
    }
    sort($lat);
    return $lat;
};
$median = fn (array $v): float => $v ? $v[intdiv(count($v), 2)] : NAN;
$plain = $measure(false);
$chan = $measure(true);
unlink($stamp);
printf("signal to handler, medians of %d (us):\n", $runs);
printf("  PHP alone, usleep() interrupted:    %6.0f  (min %.0f, max %.0f)\n", $median($plain), $plain[0] ?? NAN, end($plain) ?: NAN);
printf("  chan, every context in the loop:    %6.0f  (min %.0f, max %.0f)\n", $median($chan), $chan[0] ?? NAN, end($chan) ?: NAN);
