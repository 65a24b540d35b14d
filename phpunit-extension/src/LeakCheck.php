<?php

declare(strict_types=1);

namespace Chan\PHPUnit;

use Chan\Coroutine;
use Chan\DeadlockError;
use Throwable;
use ValueError;

use function Chan\go;
use function Chan\run;

/**
 * The part of the extension that knows chan and not PHPUnit: after a test,
 * finds the coroutines still alive, describes each (its id and where it is
 * suspended), ends them all and says how. Listener (PHPUnit 9) and
 * Extension (PHPUnit 10 and later) call check() once per test and turn a
 * report into a failure of that test.
 *
 * Ending them, in rounds until none is left (at most three):
 *  1. Coroutine::cancel() on each: one that has not started ends without
 *     running its function; a suspended one gets Chan\CancelledException
 *     from its blocking call. A few Coroutine::yield() from main deliver
 *     that; most coroutines end here, their finally blocks run.
 *  2. If some are still alive (they caught the cancellation, or a finally
 *     block waits), Chan\run(fn () => null) drives them to their end. When
 *     every one left waits where only another coroutine could wake it (a
 *     channel, select, WaitGroup or Group without a timeout), run() alone
 *     either sees them finish or throws Chan\DeadlockError, which destroys
 *     them (their finally blocks run). When one waits on a clock or I/O (a
 *     sleep, a timeout, a stream), chan's deadlock detection cannot fire, so
 *     run() gets a watchdog coroutine: it returns as soon as the others are
 *     gone, and after $timeout seconds throws, and an exception escaping a
 *     coroutine destroys all the others (finally blocks run) the same way.
 * What nothing can end: a coroutine that loops without ever blocking (it
 * would hang any run()), or one a round of destruction leaves behind; the
 * report names the latter.
 */
final class LeakCheck
{
    /** Coroutines described in full in one report; the others are counted. */
    private const MAX_LISTED = 20;

    /** Frames shown per coroutine. */
    private const MAX_FRAMES = 12;

    /** Rounds of ending them (coroutines their finally blocks start need more than one). */
    private const ROUNDS = 3;

    /** Coroutine::yield() calls that deliver the cancellations of a round. */
    private const YIELDS = 8;

    /** Characters of the output printed while ending them that a report quotes. */
    private const MAX_OUTPUT = 2000;

    /**
     * Blocking calls only another coroutine can end, with the position of
     * their $timeout argument (null: they have none). A coroutine suspended
     * in one of these without a timeout, and not inside withTimeout(), can
     * be left to chan's deadlock detection; anything else may wait on a
     * clock or on I/O, or (Coroutine::yield()) never block at all.
     */
    private const UNTIMED = [
        'Chan\Channel::push' => 1,
        'Chan\Channel::pop' => 0,
        'Chan\ChannelIterator::rewind' => null,
        'Chan\ChannelIterator::next' => null,
        'Chan\ChannelIterator::valid' => null,
        'Chan\ChannelIterator::current' => null,
        'Chan\select' => 1,
        'Chan\WaitGroup::wait' => 0,
        'Chan\Group::wait' => 0,
        'Chan\Group::go' => null,
    ];

    /** @param float $timeout seconds the watchdog of a round lets coroutines that wait on a clock or I/O take */
    public function __construct(private readonly float $timeout = 5.0)
    {
        if (!($timeout > 0) || is_infinite($timeout)) {
            throw new ValueError('Chan\PHPUnit\LeakCheck: $timeout must be a positive number of seconds');
        }
    }

    /**
     * Ends every coroutine alive now and returns the report on them, or null
     * when there were none. Callable from main only (as run() is); inside a
     * coroutine it checks nothing.
     */
    public function check(): ?string
    {
        if (!extension_loaded('chan') || Coroutine::count() === 0 || Coroutine::id() !== 0) {
            return null;
        }
        $ids = Coroutine::list();
        $described = [];
        foreach (array_slice($ids, 0, self::MAX_LISTED) as $id) {
            $described[$id] = self::describe($id);
        }

        $fate = [];
        $notes = [];
        $spawned = 0;
        $output = $this->end($fate, $notes, $spawned);
        $survivors = Coroutine::count() === 0 ? [] : Coroutine::list();

        $n = count($ids);
        $lines = [sprintf(
            'This test left %d coroutine%s behind (alive when it ended). chan\'s PHPUnit extension ended %s, so the next test starts with %s:',
            $n,
            $n === 1 ? '' : 's',
            $n === 1 ? 'it' : 'them',
            $survivors === [] ? 'none' : 'those it could not end'
        )];
        foreach ($described as $id => $text) {
            $lines[] = $text;
            if (in_array($id, $survivors, true)) {
                $lines[] = '    then: could not be ended';
            } elseif (isset($fate[$id])) {
                $lines[] = '    then: ' . $fate[$id];
            }
        }
        if ($n > count($described)) {
            $lines[] = sprintf('... and %d more', $n - count($described));
        }
        if ($spawned > 0) {
            $lines[] = sprintf('While they ended they started %d more coroutine%s, ended the same way.', $spawned, $spawned === 1 ? '' : 's');
        }
        foreach ($notes as $note) {
            $lines[] = $note;
        }
        $others = array_diff($survivors, array_keys($described));
        if ($others !== []) {
            $lines[] = 'Could not be ended: coroutine ' . implode(', ', $others) . '.';
        }
        if ($output !== '') {
            if (strlen($output) > self::MAX_OUTPUT) {
                $output = substr($output, 0, self::MAX_OUTPUT) . '...';
            }
            $lines[] = 'Output while they ended: ' . json_encode($output, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
        }
        return implode("\n", $lines);
    }

    /**
     * The rounds of ending them (see the class comment); returns what they
     * printed meanwhile.
     *
     * @param array<int, string> $fate set: how a coroutine ended, when not by its cancellation
     * @param list<string> $notes set: anything else worth saying
     * @param int $spawned set: coroutines they started while they ended
     */
    private function end(array &$fate, array &$notes, int &$spawned): string
    {
        $spawnedBefore = Coroutine::stats()['spawned'];
        $ours = 0; // the coroutines of our own run() calls and watchdogs
        $level = ob_get_level();
        ob_start();
        try {
            for ($round = 1; $round <= self::ROUNDS && Coroutine::count() > 0; $round++) {
                foreach (Coroutine::list() as $id) {
                    Coroutine::cancel($id);
                }
                try {
                    for ($i = 0; $i < self::YIELDS && Coroutine::count() > 0; $i++) {
                        Coroutine::yield();
                    }
                    if (Coroutine::count() === 0) {
                        break;
                    }
                    $left = Coroutine::list();
                    if (array_filter($left, self::waitsOnClockOrIo(...)) === []) {
                        $ours++;
                        run(static fn () => null);
                    } else {
                        $ours += 2;
                        $timeout = $this->timeout;
                        run(static function () use ($timeout): void {
                            go(static function () use ($timeout): void {
                                $start = hrtime(true);
                                for ($i = 0; Coroutine::count() > 1; $i++) {
                                    if (hrtime(true) - $start >= $timeout * 1e9) {
                                        throw new WatchdogExpired();
                                    }
                                    Coroutine::sleep($i < self::YIELDS ? 0 : 0.005);
                                }
                            });
                        });
                    }
                } catch (DeadlockError $e) {
                    // One line per context that was blocked: "coroutine 7 [Chan\Channel::pop] at f:12".
                    preg_match_all('/^coroutine (\d+) /m', $e->getMessage(), $m);
                    foreach ($m[1] as $id) {
                        $fate[(int) $id] = 'cancelled, it blocked again: Chan\DeadlockError destroyed it (its finally blocks ran)';
                    }
                } catch (WatchdogExpired) {
                    foreach ($left ?? [] as $id) {
                        $fate[$id] ??= sprintf('cancelled, it was still running %s s later: destroyed (its finally blocks ran)', $this->timeout);
                    }
                } catch (Throwable $e) {
                    $notes[] = 'An exception escaped a coroutine while they ended (the others were destroyed): ' . self::oneLine($e);
                }
                unset($left);
            }
        } finally {
            $spawned = Coroutine::stats()['spawned'] - $spawnedBefore - $ours;
            $output = '';
            while (ob_get_level() > $level) {
                $output = ob_get_clean() . $output;
            }
        }
        return $output;
    }

    /** Whether coroutine $id may be waiting on a clock or I/O (see UNTIMED). */
    private static function waitsOnClockOrIo(int $id): bool
    {
        $trace = Coroutine::trace($id, 0) ?? [];
        if ($trace === []) {
            return false; // not started: cancelled, it ends when picked
        }
        $top = $trace[0];
        $name = ($top['class'] ?? '') === '' ? $top['function'] : $top['class'] . '::' . $top['function'];
        if (!array_key_exists($name, self::UNTIMED)) {
            return true;
        }
        $arg = self::UNTIMED[$name];
        if ($arg !== null && ($top['args'][$arg] ?? null) !== null && $top['args'][$arg] !== INF) {
            return true;
        }
        foreach ($trace as $frame) {
            if (($frame['function'] ?? '') === 'Chan\withTimeout') {
                return true;
            }
        }
        return false;
    }

    /** One coroutine: its id and where it is suspended, with its frames. */
    private static function describe(int $id): string
    {
        $trace = Coroutine::trace($id, DEBUG_BACKTRACE_IGNORE_ARGS);
        if ($trace === null) {
            return "coroutine $id: finished meanwhile";
        }
        if ($trace === []) {
            return "coroutine $id: not started (queued by Chan\\go(), its function never ran; cancelled, it never will)";
        }
        $top = $trace[0];
        $lines = ["coroutine $id: suspended in " . self::call($top) . (isset($top['file']) ? " at {$top['file']}:{$top['line']}" : '')];
        foreach (array_slice($trace, 0, self::MAX_FRAMES) as $i => $frame) {
            $where = isset($frame['file']) ? "{$frame['file']}({$frame['line']})" : '[internal function]';
            $lines[] = "    #$i $where: " . self::call($frame);
        }
        if (count($trace) > self::MAX_FRAMES) {
            $lines[] = sprintf('    ... %d more frames', count($trace) - self::MAX_FRAMES);
        }
        return implode("\n", $lines);
    }

    /** @param array<string, mixed> $frame */
    private static function call(array $frame): string
    {
        return ($frame['class'] ?? '') . ($frame['type'] ?? '') . ($frame['function'] ?? '?') . '()';
    }

    private static function oneLine(Throwable $e): string
    {
        return sprintf('%s: %s at %s:%d', $e::class, $e->getMessage(), $e->getFile(), $e->getLine());
    }
}
