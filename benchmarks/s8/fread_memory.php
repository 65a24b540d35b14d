<?php
/**
 * S8 finding, reproduced without the network: what Chan\fread($s, $length)
 * costs in Zend heap (a) per coroutine parked in it and (b) per string it
 * returns, against the same done with Coroutine::waitReadable() and PHP's
 * own fread().
 *
 *   php -n -d extension=chan.so -d memory_limit=-1 benchmarks/s8/fread_memory.php [N=1000] [LENGTH=65536]
 *
 * (a) parks N coroutines in a read on N idle socket pairs, then wakes them;
 * (b) keeps 1,000 one-byte results of a read of LENGTH bytes. With PHP's
 * default memory_limit (128M) and LENGTH 65536, (a) dies with "Allowed
 * memory size exhausted" at about N = 1,700.
 */

declare(strict_types=1);

use Chan\Coroutine;

$n = (int) ($argv[1] ?? 1000);
$len = (int) ($argv[2] ?? 65536);

$parked = static function (string $how) use ($n, $len): float {
    $pairs = [];
    for ($i = 0; $i < $n; $i++) {
        $pairs[] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    }
    $m0 = memory_get_usage();
    $delta = 0;
    Chan\run(static function () use ($pairs, $len, $how, $m0, &$delta): void {
        foreach ($pairs as [$a]) {
            Chan\go($how === 'Chan\fread'
                ? static fn () => Chan\fread($a, $len)
                : static function () use ($a, $len) {
                    stream_set_blocking($a, false);
                    Coroutine::waitReadable($a);
                    return fread($a, $len);
                });
        }
        Coroutine::yield(); // every coroutine runs to its wait
        $delta = memory_get_usage() - $m0;
        foreach ($pairs as [, $b]) {
            fwrite($b, 'x');
        }
    });
    foreach ($pairs as [$a, $b]) {
        fclose($a);
        fclose($b);
    }
    return $delta / $n;
};

$kept = static function (string $how) use ($len): float {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    stream_set_blocking($a, false);
    $keep = [];
    $m0 = memory_get_usage();
    Chan\run(static function () use ($a, $b, $len, $how, &$keep): void {
        for ($i = 0; $i < 1000; $i++) {
            fwrite($b, 'x');
            $keep[] = $how === 'Chan\fread' ? Chan\fread($a, $len) : fread($a, $len);
        }
    });
    $delta = memory_get_usage() - $m0;
    fclose($a);
    fclose($b);
    return $delta / 1000;
};

foreach (['Chan\fread', 'waitReadable + fread'] as $how) {
    printf("%-22s Zend heap per parked reader (N = %d, length %d): %8.0f bytes\n", $how, $n, $len, $parked($how));
}
foreach (['Chan\fread', 'fread'] as $how) {
    printf("%-22s Zend heap per kept one-byte result (length %d):   %8.0f bytes\n", $how, $len, $kept($how));
}
