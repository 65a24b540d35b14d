<?php
/**
 * Runs ONE workload once with a fixed number of messages and prints what it
 * did, for tools that count rather than time (benchmarks/callgrind.sh runs
 * it under valgrind twice, with N and 2N messages, and divides the
 * difference by N). No warm-up, no repetition, no table.
 *
 *   php -n -d extension=PATH/chan.so benchmarks/once.php [--model] WORKLOAD ARGS...
 *
 *   --model                  run s1 and s3 on the pure-PHP model (benchmarks/purephp,
 *                            namespace PurePhp\Chan) instead of the extension
 *
 *   s1 C M CAPACITY RING [VALUE]  s1_once(): C producers push M values each into one
 *                            Channel(CAPACITY, RING), C consumers pop them (S1; S2 with
 *                            capacity 1 or 0); C x M messages; VALUE array (default) or int
 *                            (benchmarks/message.php)
 *   s3 N RING                s3_once(): N ping-pong round trips (2 messages each)
 *   splqueue N [VALUE]       floor (a): N SplQueue push(new message)+pop pairs, no coroutines
 *                            (VALUE int: push($j))
 *   fiber N                  floor (b): N raw Fiber resume+suspend round trips
 *   sleep C N                C coroutines each make N Coroutine::sleep(0.000001) calls: the
 *                            timer heap's add, fire and wake-up (C x N sleeps)
 *
 * RING is lockfree or mutex. The checks of the workload functions apply: a
 * lost or duplicated value exits with status 1. Runs under `php -n` (no
 * php.ini, so no opcache and none of the shared extensions such as ctype).
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';
require __DIR__ . '/floors.php';
require __DIR__ . '/s1.php';
require __DIR__ . '/s3.php';

function once_usage(): never
{
    $doc = (string) file_get_contents(__FILE__);
    preg_match('~/\*\*(.*?)\*/~s', $doc, $m);
    fwrite(STDERR, trim((string) preg_replace('~^\s*\* ?~m', '', $m[1] ?? '')) . "\n");
    exit(2);
}

/** A positive integer argument, or the usage text. */
function once_int(?string $arg): int
{
    if ($arg === null || !preg_match('/^[0-9]+$/', $arg) || (int) $arg < 1) {
        once_usage();
    }
    return (int) $arg;
}

/** RING argument -> Channel's $lock. */
function once_ring(?string $arg): bool
{
    if (!isset(BENCH_RINGS[$arg ?? ''])) {
        once_usage();
    }
    return BENCH_RINGS[$arg];
}

set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $no, $file, $line);
});

$args = array_slice($argv, 1);
$ns = 'Chan';
if (($args[0] ?? '') === '--model') {
    require __DIR__ . '/purephp/bootstrap.php';
    $ns = 'PurePhp\\Chan';
    array_shift($args);
}
switch ($args[0] ?? '') {
    case 's1':
        if ((count($args) !== 5 && count($args) !== 6) || !preg_match('/^[0-9]+$/', $args[3])) {
            once_usage();
        }
        bench_check($ns !== 'Chan' || extension_loaded('chan'), 'the chan extension is not loaded');
        $value = $args[5] ?? 'array';
        $r = s1_once(once_int($args[1]), once_int($args[2]), (int) $args[3], once_ring($args[4]), $ns, 'paired', $value);
        printf("{$ns} s1 C=%d M=%d capacity=%d %s %s: %d messages, %d switches, %.1f ns/msg\n",
            $args[1], $args[2], $args[3], $args[4], $value, $r['msgs'], $r['switches'], $r['ns'] / $r['msgs']);
        break;
    case 's3':
        if (count($args) !== 3) {
            once_usage();
        }
        bench_check($ns !== 'Chan' || extension_loaded('chan'), 'the chan extension is not loaded');
        $r = s3_once(once_int($args[1]), once_ring($args[2]), $ns);
        printf("{$ns} s3 %s: %d round trips, %d switches, %.1f ns per round trip\n", $args[2], $r['trips'], $r['switches'], $r['ns'] / $r['trips']);
        break;
    case 'splqueue':
        if (count($args) !== 2 && count($args) !== 3) {
            once_usage();
        }
        [$ns] = floor_splqueue_once(once_int($args[1]), $args[2] ?? 'array');
        printf("splqueue: %d push+pop pairs, %.1f ns per pair\n", $args[1], $ns);
        break;
    case 'fiber':
        if (count($args) !== 2) {
            once_usage();
        }
        [$ns] = floor_fiber_once(once_int($args[1]));
        printf("fiber: %d round trips, %.1f ns per round trip\n", $args[1], $ns);
        break;
    case 'sleep':
        if (count($args) !== 3) {
            once_usage();
        }
        bench_check(extension_loaded('chan'), 'the chan extension is not loaded');
        [$c, $n] = [once_int($args[1]), once_int($args[2])];
        $t = hrtime(true);
        Chan\run(static function () use ($c, $n): void {
            for ($i = 0; $i < $c; $i++) {
                Chan\go(static function () use ($n): void {
                    for ($k = 0; $k < $n; $k++) {
                        Chan\Coroutine::sleep(0.000001);
                    }
                });
            }
        });
        printf("sleep C=%d N=%d: %d sleeps, %.1f ns per sleep\n", $c, $n, $c * $n, (hrtime(true) - $t) / ($c * $n));
        break;
    default:
        once_usage();
}
