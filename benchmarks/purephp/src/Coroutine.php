<?php
/**
 * Chan\Coroutine in pure PHP: static facade over the Scheduler.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

final class Coroutine
{
    private function __construct()
    {
    }

    /** 0 in main, else the id go() returned. */
    public static function id(): int
    {
        return Scheduler::$cur->id;
    }

    /** Parks the caller for $seconds (0: yield()). Negative or NAN: ValueError. */
    public static function sleep(float $seconds): void
    {
        Scheduler::sleep($seconds);
    }

    /** Moves the caller to the tail of the run queue. */
    public static function yield(): void
    {
        Scheduler::yield();
    }

    /** Live coroutines, main not counted. */
    public static function count(): int
    {
        return Scheduler::$count;
    }

    /** @return array<string, int> */
    public static function stats(): array
    {
        return [
            'count' => Scheduler::$count,
            'peak' => Scheduler::$peak,
            'switches' => Scheduler::$switches,
            'spawned' => Scheduler::$spawned,
        ];
    }

    /** @internal As in the extension (registered as a shutdown function there). */
    private static function drain(): void
    {
        Scheduler::drain();
    }

    public function __unserialize(array $data): void
    {
        throw Util::at(new \Exception("Unserialization of 'Chan\\Coroutine' is not allowed"));
    }
}
