<?php

declare(strict_types=1);

namespace Chan\Revolt;

use Chan\Channel;
use Chan\Coroutine;
use Revolt\EventLoop\Suspension;

/**
 * The suspension of one chan coroutine (or main), or of one PHP Fiber.
 *
 * A coroutine's suspend() parks it on a channel of its own (other
 * coroutines, and the loop, go on); resume() and throw() push to that
 * channel. A Fiber's suspend() is Fiber::suspend(), resumed from the loop's
 * microtask queue, as in Revolt.
 *
 * @internal Made by ChanDriver::getSuspension().
 * @template T
 * @implements Suspension<T>
 */
final class ChanSuspension implements Suspension
{
    private bool $pending = false;
    /** In suspend(), from parking until it returns (resumed but not yet running included). */
    private bool $waiting = false;
    /** An uncaught exception of the loop that came after the resume(), before suspend() returned. */
    private ?\Closure $lateInterrupt = null;
    private ?Channel $inbox = null;
    private readonly int $coroutine;
    /** @var \WeakReference<\Fiber>|null */
    private readonly ?\WeakReference $fiberRef;

    public function __construct(private readonly ChanDriver $driver, ?\Fiber $fiber)
    {
        $this->fiberRef = $fiber ? \WeakReference::create($fiber) : null;
        $this->coroutine = Coroutine::id();
        if (!$fiber) {
            $this->inbox = new Channel(1);
        }
    }

    public function resume(mixed $value = null): void
    {
        if (!$this->pending) {
            throw new \Error('Must call suspend() before calling resume()');
        }
        $this->pending = false;
        if ($this->inbox) {
            $this->deliver([true, $value]);
            return;
        }
        $fiber = $this->fiberRef?->get();
        if ($fiber) {
            $this->driver->queue(static function () use ($fiber, $value): void {
                if (!$fiber->isTerminated()) {
                    $fiber->resume($value);
                }
            });
        }
    }

    public function throw(\Throwable $throwable): void
    {
        if (!$this->pending) {
            throw new \Error('Must call suspend() before calling throw()');
        }
        $this->pending = false;
        if ($this->inbox) {
            $this->deliver([false, $throwable]);
            return;
        }
        $fiber = $this->fiberRef?->get();
        if ($fiber) {
            $this->driver->queue(static function () use ($fiber, $throwable): void {
                if (!$fiber->isTerminated()) {
                    $fiber->throw($throwable);
                }
            });
        }
    }

    public function suspend(): mixed
    {
        if ($this->pending) {
            throw new \Error('Must call resume() or throw() before calling suspend() again');
        }
        if ($this->inbox === null) {
            $fiber = $this->fiberRef?->get();
            if ($fiber !== \Fiber::getCurrent()) {
                throw new \Error('Must not call suspend() from another fiber');
            }
            $this->pending = true;
            try {
                return \Fiber::suspend();
            } catch (\FiberError $error) {
                $this->pending = false;
                throw $error;
            }
        }
        if (\Fiber::getCurrent() || Coroutine::id() !== $this->coroutine) {
            throw new \Error('Must not call suspend() from another fiber');
        }
        $this->pending = true;
        $this->waiting = true;
        $this->driver->parking();
        try {
            [$ok, $value] = $this->inbox->pop();
        } catch (\Chan\DeadlockError $e) {
            $this->pending = false;
            throw new \Error(
                'Event loop terminated without resuming the current suspension (the cause is either a fiber deadlock,'
                . ' or an incorrectly unreferenced/canceled watcher): ' . $e->getMessage(),
                0,
                $e,
            );
        } catch (\Throwable $e) {
            $this->pending = false; // cancelled (Coroutine::cancel(), withTimeout()): no longer waiting
            throw $e;
        } finally {
            $this->waiting = false;
            $this->driver->unparked();
        }
        if ($this->lateInterrupt) {
            // As in Revolt, the loop's uncaught exception wins over the value it resumed with.
            $interrupt = $this->lateInterrupt;
            $this->lateInterrupt = null;
            $interrupt();
        }
        if ($ok === null) {
            $value(); // an uncaught exception from the loop (main only)
        }
        if ($ok === false) {
            throw $value;
        }
        return $value;
    }

    /**
     * main's resumption from a callback waits for the end of that callback, as
     * in Revolt (where it interrupts the loop then): an uncaught exception of
     * the same callback is what main gets instead.
     */
    private function deliver(array $message): void
    {
        if ($this->coroutine === 0 && $this->driver->deliverAfterCallback($this, $message)) {
            return;
        }
        $this->inbox->push($message);
    }

    /** @internal */
    public function push(array $message): void
    {
        $this->inbox->push($message);
    }

    /** @internal The loop ended on an uncaught exception: main, if it waits here, throws it. */
    public function deliverInterrupt(\Closure $interrupt): bool
    {
        if (!$this->inbox || !$this->waiting) {
            return false;
        }
        if (!$this->pending) {
            $this->lateInterrupt = $interrupt;
            return true;
        }
        $this->pending = false;
        $this->inbox->push([null, $interrupt]);
        return true;
    }
}
