<?php
/**
 * Chan\WaitGroup in pure PHP: a counter and a FIFO of contexts parked until
 * it reaches zero; all of them are woken together, in the order they started
 * waiting.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

final class WaitGroup
{
    private int $n = 0;
    private bool $constructed = false;
    private WaitQ $waiters;

    public function __construct(int $count = 0)
    {
        if ($this->constructed) {
            throw Util::at(new Error('Chan\WaitGroup::__construct() cannot be called twice'));
        }
        if ($count < 0) {
            throw Util::at(new \ValueError('Chan\WaitGroup::__construct(): Argument #1 ($count) must be greater than or equal to 0'));
        }
        $this->waiters = new WaitQ();
        $this->n = $count;
        $this->constructed = true;
    }

    public function add(int $delta = 1): void
    {
        if ($delta < -$this->n) {
            throw Util::at(new Error('Chan\WaitGroup counter cannot go below zero'));
        }
        if ($delta > 0 && $this->n > \PHP_INT_MAX - $delta) {
            throw Util::at(new Error('Chan\WaitGroup counter overflow'));
        }
        $this->n += $delta;
        if ($this->n === 0) {
            while (($w = $this->waiters->shift()) !== null) {
                Scheduler::wakeup($w->coro, Scheduler::W_OK, $w);
            }
        }
    }

    public function done(): void
    {
        if ($this->n === 0) {
            throw Util::at(new Error('Chan\WaitGroup counter cannot go below zero'));
        }
        if (--$this->n === 0) {
            while (($w = $this->waiters->shift()) !== null) {
                Scheduler::wakeup($w->coro, Scheduler::W_OK, $w);
            }
        }
    }

    public function wait(?float $timeout = null): void
    {
        $timeout = $timeout === null ? -1.0 : Scheduler::timeoutArg('Chan\WaitGroup::wait(): Argument #1 ($timeout)', $timeout);
        if ($this->n === 0) {
            return;
        }
        if ($timeout == 0) {
            throw Util::at(new TimeoutException('Chan\WaitGroup::wait() timed out'));
        }
        Scheduler::canBlock();
        $w = Scheduler::$cur->self;
        $this->waiters->push($w);
        $why = Scheduler::wait($w, null, $timeout);
        if ($why === Scheduler::W_OK) {
            return;
        }
        if ($why === Scheduler::W_TIMEOUT) {
            throw Util::at(new TimeoutException('Chan\WaitGroup::wait() timed out'));
        }
        Scheduler::raise($why);
    }

    public function count(): int
    {
        return $this->n;
    }

    public function __clone()
    {
        throw Util::at(new \Error('Trying to clone an uncloneable object of class Chan\WaitGroup'));
    }

    public function __set(string $name, mixed $value): void
    {
        throw Util::at(new \Error('Cannot create dynamic property Chan\WaitGroup::$' . $name));
    }

    public function __serialize(): array
    {
        throw Util::at(new \Exception("Serialization of 'Chan\\WaitGroup' is not allowed"));
    }

    public function __unserialize(array $data): void
    {
        throw Util::at(new \Exception("Unserialization of 'Chan\\WaitGroup' is not allowed"));
    }

    public function __debugInfo(): array
    {
        return [];
    }
}
