<?php

declare(strict_types=1);

/*
 * LeakCheck on its own, without PHPUnit: one case per way a coroutine can be
 * left behind and per way of ending it (see LeakCheck's class comment). For
 * each: what the report says, that nothing is left after it, that the next
 * run() works, and that what the leftovers printed went into the report,
 * not to stdout. Prints one "ok: ..." or "FAILED: ..." line per check;
 * exit status 1 when one failed.
 *
 *   php -d extension=chan.so leakcheck.php
 */

require __DIR__ . '/../autoload.php';

use Chan\CancelledException;
use Chan\Channel;
use Chan\Coroutine;
use Chan\PHPUnit\LeakCheck;
use Chan\WaitGroup;

use function Chan\go;
use function Chan\run;

$failed = 0;
function check(string $what, bool $ok, string $detail = ''): void
{
    global $failed;
    $failed += $ok ? 0 : 1;
    echo $ok ? "ok: $what\n" : "FAILED: $what\n" . ($detail === '' ? '' : '  ' . str_replace("\n", "\n  ", rtrim($detail)) . "\n");
}

$deadlock = '/then: cancelled, it blocked again: Chan\\\\DeadlockError destroyed it/';
$watchdog = '/then: cancelled, it was still running 0\.3 s later: destroyed/';
$finally = [];

/** name => [leave coroutines behind, patterns the report must match, patterns it must not] */
$cases = [
    'queued' => [
        static function (): void {
            go(static fn () => throw new LogicException('must not run'));
        },
        ['/^This test left 1 coroutine behind/', '/^coroutine \d+: not started/m'], ['/then:/'],
    ],
    'parked in pop(), ends on its cancellation' => [
        static function () use (&$finally): void {
            $ch = new Channel();
            go(static function () use ($ch, &$finally): void {
                try {
                    $ch->pop();
                } finally {
                    $finally[] = 'pop';
                }
            });
            Coroutine::yield(); // they start and block
        },
        ['/coroutine \d+: suspended in Chan\\\\Channel->pop\(\) at \S+leakcheck\.php:\d+/'], ['/then:/'],
    ],
    'catches its cancellation, blocks again in select()' => [
        static function (): void {
            $ch = new Channel();
            go(static function () use ($ch): void {
                for (;;) {
                    try {
                        Chan\select([$ch]);
                    } catch (CancelledException) {
                    }
                }
            });
            Coroutine::yield(); // they start and block
        },
        ['/suspended in Chan\\\\select\(\)/', $deadlock], [],
    ],
    'catches its cancellation, blocks again in WaitGroup::wait()' => [
        static function (): void {
            $wg = new WaitGroup();
            $wg->add(1);
            go(static function () use ($wg): void {
                for (;;) {
                    try {
                        $wg->wait();
                    } catch (CancelledException) {
                    }
                }
            });
            Coroutine::yield(); // they start and block
        },
        ['/suspended in Chan\\\\WaitGroup->wait\(\)/', $deadlock], [],
    ],
    'catches its cancellation, waits again with a timeout' => [
        static function (): void {
            $ch = new Channel();
            go(static function () use ($ch): void {
                for (;;) {
                    try {
                        $ch->pop(3600);
                    } catch (CancelledException) {
                    }
                }
            });
            Coroutine::yield(); // they start and block
        },
        [$watchdog], [],
    ],
    'catches its cancellation, waits again inside withTimeout()' => [
        static function (): void {
            $ch = new Channel();
            go(static function () use ($ch): void {
                for (;;) {
                    try {
                        Chan\withTimeout(3600, static fn () => $ch->pop());
                    } catch (CancelledException) {
                    }
                }
            });
            Coroutine::yield(); // they start and block
        },
        [$watchdog], [],
    ],
    'catches its cancellation, yields forever' => [
        static function (): void {
            go(static function (): void {
                for (;;) {
                    try {
                        Coroutine::yield();
                    } catch (CancelledException) {
                    }
                }
            });
            Coroutine::yield(); // they start and block
        },
        ['/suspended in Chan\\\\Coroutine::yield\(\)/', $watchdog], [],
    ],
    'its finally block starts a coroutine and prints' => [
        static function (): void {
            $ch = new Channel();
            go(static function () use ($ch): void {
                try {
                    $ch->pop();
                } finally {
                    echo "finally prints\n";
                    go(static fn () => $ch->pop());
                }
            });
            Coroutine::yield(); // they start and block
        },
        ['/^While they ended they started 1 more coroutine/m', '/^Output while they ended: "finally prints\\\\n"$/m'], [],
    ],
    'turns its cancellation into another exception' => [
        static function (): void {
            $ch = new Channel();
            go(static function () use ($ch): void {
                try {
                    $ch->pop();
                } catch (CancelledException) {
                    throw new LogicException('not a cancellation');
                }
            });
            go(static fn () => $ch->pop());
            Coroutine::yield(); // they start and block
        },
        ['/^This test left 2 coroutines behind/', '/^An exception escaped a coroutine while they ended \(the others were destroyed\): LogicException: not a cancellation/m'], [],
    ],
    '100 coroutines' => [
        static function (): void {
            $ch = new Channel();
            for ($i = 0; $i < 100; $i++) {
                go(static fn () => $ch->pop());
            }
            Coroutine::yield(); // they start and block
        },
        ['/^This test left 100 coroutines behind/', '/^\.\.\. and 80 more$/m'], [],
    ],
];

$check = new LeakCheck(0.3);
check('nothing alive: check() reports nothing', $check->check() === null);
foreach ($cases as $name => [$leave, $must, $mustNot]) {
    $leave();
    $alive = Coroutine::count();
    ob_start();
    $report = $check->check();
    $printed = ob_get_clean();
    $ok = $alive > 0 && is_string($report);
    foreach ($must as $p) {
        $ok = $ok && preg_match($p, $report) === 1;
    }
    foreach ($mustNot as $p) {
        $ok = $ok && preg_match($p, $report) === 0;
    }
    check("$name: the report says so", $ok, "alive before: $alive; must match " . implode(', ', $must) . ($mustNot ? '; must not match ' . implode(', ', $mustNot) : '') . ":\n" . var_export($report, true));
    check("$name: nothing printed outside the report", $printed === '', var_export($printed, true));
    $next = null;
    try {
        $next = run(static fn () => 42);
    } catch (Throwable $e) {
        $next = $e::class . ': ' . $e->getMessage();
    }
    check("$name: none left, the next run() works", Coroutine::count() === 0 && $next === 42, 'left: ' . Coroutine::count() . ', run(): ' . var_export($next, true));
}
check("the parked coroutine's finally block ran", $finally === ['pop'], var_export($finally, true));
exit($failed === 0 ? 0 : 1);
