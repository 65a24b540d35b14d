<?php

declare(strict_types=1);

namespace Chan\Revolt;

use Chan\Channel;
use Chan\Coroutine;
use Revolt\EventLoop\CallbackType;
use Revolt\EventLoop\Driver;
use Revolt\EventLoop\FiberLocal;
use Revolt\EventLoop\Internal\DeferCallback;
use Revolt\EventLoop\Internal\DriverCallback;
use Revolt\EventLoop\Internal\SignalCallback;
use Revolt\EventLoop\Internal\StreamCallback;
use Revolt\EventLoop\Internal\StreamReadableCallback;
use Revolt\EventLoop\Internal\StreamWritableCallback;
use Revolt\EventLoop\Internal\TimerCallback;
use Revolt\EventLoop\Internal\TimerQueue;
use Revolt\EventLoop\InvalidCallbackError;
use Revolt\EventLoop\Suspension;
use Revolt\EventLoop\UncaughtThrowable;
use Revolt\EventLoop\UnsupportedFeatureException;

/**
 * A Revolt event-loop driver on chan's scheduler (README.md).
 *
 * The loop runs in a chan coroutine of its own, started by run() and by any
 * suspension that parks, and ends when no enabled, referenced callback is
 * left (or on stop()). Its ticks are AbstractDriver's: enable queue, defers,
 * then a wait for timers and streams. The wait is a chan select on a wake-up
 * channel with the next timer's timeout; each enabled stream callback has a
 * watcher coroutine parked in Coroutine::waitReadable()/waitWritable(). The
 * callbacks of a tick run one after the other in a runner coroutine (as
 * Revolt runs them in its callback fiber); a callback that parks in a Revolt
 * suspension detaches the runner and the loop starts another one. A
 * suspension belongs to the chan coroutine (or main) that asked for it and
 * parks only that one, on a channel of its own; inside a PHP Fiber (one that
 * code started itself: amphp's async() starts none, it queues a closure) it
 * is the Fiber's suspension, as in Revolt.
 */
final class ChanDriver implements Driver
{
    private string $nextId = "a";

    /** @var array<string, DriverCallback> */
    private array $callbacks = [];

    /** @var array<string, DriverCallback> */
    private array $enableQueue = [];

    /** @var array<string, DeferCallback> */
    private array $enableDeferQueue = [];

    /** @var \SplQueue<array{\Closure, array}> */
    private \SplQueue $microtaskQueue;

    /** @var \SplQueue<DriverCallback> */
    private \SplQueue $callbackQueue;

    private TimerQueue $timerQueue;

    /** @var array<string, StreamCallback> stream callbacks ready in the last wait */
    private array $readyStreams = [];

    /** @var array<string, Channel> watcher coroutines' re-arm channels, by callback id */
    private array $watchers = [];

    /** @var array<string, int> watcher coroutine ids, by callback id */
    private array $watcherIds = [];

    /** @var array<int, array<string, SignalCallback>> */
    private array $signalCallbacks = [];

    /** @var \SplQueue<int> */
    private \SplQueue $signalQueue;

    private bool $signalHandling;

    private ?\Closure $errorHandler = null;

    private ?\Closure $interrupt = null;

    private bool $idle = false;
    private bool $stopped = false;

    /** The loop coroutine's id while it runs, else 0. */
    private int $loopId = 0;

    /** Woken (tryPush) to end the loop's wait early. */
    private Channel $wake;

    /** Where run() waits for the loop to end: receives null or the interrupt. */
    private ?Channel $runDone = null;

    /** Where the loop waits for the runner: true = ran out of work, false = detached. */
    private Channel $runnerDone;

    /** The runner coroutine's id while it runs callbacks, else 0. */
    private int $runnerId = 0;

    /** main's resumption, held until the running callback ends: [ChanSuspension, message] */
    private ?array $mainDelivery = null;

    /** Suspensions parked on their channel now. */
    private int $parked = 0;

    /** @var array<int, \WeakReference<ChanSuspension>> by coroutine id (0: main) */
    private array $suspensions = [];

    /** @var \WeakMap<\Fiber, \WeakReference<ChanSuspension>> */
    private \WeakMap $fiberSuspensions;

    private float $nowOffset;

    public function __construct()
    {
        if (!\extension_loaded('chan')) {
            throw new \Error('ChanDriver needs the chan extension');
        }
        $this->microtaskQueue = new \SplQueue();
        $this->callbackQueue = new \SplQueue();
        $this->signalQueue = new \SplQueue();
        $this->timerQueue = new TimerQueue();
        $this->wake = new Channel(1);
        $this->runnerDone = new Channel(1);
        $this->fiberSuspensions = new \WeakMap();
        $this->nowOffset = (float) \hrtime(true);
        $this->signalHandling = \extension_loaded('pcntl')
            && \function_exists('pcntl_signal')
            && \function_exists('pcntl_async_signals');
    }

    public function __destruct()
    {
        foreach ($this->signalCallbacks as $signal => $unused) {
            \pcntl_signal($signal, \SIG_DFL);
        }
        foreach ($this->watcherIds as $id) {
            Coroutine::cancel($id);
        }
    }

    // --- Driver: running -------------------------------------------------

    public function run(): void
    {
        if ($this->runDone !== null) {
            throw new \Error("The event loop is already running");
        }
        if (\Fiber::getCurrent()) {
            throw new \Error(\sprintf("Can't call %s() within a fiber (i.e., outside of {main})", __METHOD__));
        }
        if ($this->isLoopContext()) {
            throw new \Error("The event loop is already running");
        }
        $this->runDone = $done = new Channel(1);
        $this->stopped = false;
        $this->startLoop(true);
        try {
            $interrupt = $done->pop();
        } finally {
            $this->runDone = null;
        }
        if ($interrupt) {
            $interrupt();
            throw new \Error('Interrupt from event loop must throw an exception');
        }
    }

    public function stop(): void
    {
        $this->stopped = true;
        $this->wakeLoop();
    }

    public function isRunning(): bool
    {
        return $this->loopId !== 0;
    }

    public function getSuspension(): Suspension
    {
        $fiber = \Fiber::getCurrent();
        if ($fiber) {
            $suspension = ($this->fiberSuspensions[$fiber] ?? null)?->get();
            if (!$suspension) {
                $suspension = new ChanSuspension($this, $fiber);
                $this->fiberSuspensions[$fiber] = \WeakReference::create($suspension);
            }
            return $suspension;
        }
        $id = Coroutine::id();
        $suspension = ($this->suspensions[$id] ?? null)?->get();
        if (!$suspension) {
            $suspension = new ChanSuspension($this, null);
            $this->suspensions[$id] = \WeakReference::create($suspension);
        }
        return $suspension;
    }

    // --- Driver: registering -------------------------------------------

    public function queue(\Closure $closure, mixed ...$args): void
    {
        $this->microtaskQueue->enqueue([$closure, $args]);
        $this->wakeLoop();
    }

    public function defer(\Closure $closure): string
    {
        $callback = new DeferCallback($this->callbackId(), $closure);
        $this->callbacks[$callback->id] = $callback;
        $this->enableDeferQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function delay(float $delay, \Closure $closure): string
    {
        if ($delay < 0) {
            throw new \Error("Delay must be greater than or equal to zero");
        }
        $callback = new TimerCallback($this->callbackId(), $delay, $closure, $this->now() + $delay);
        $this->callbacks[$callback->id] = $callback;
        $this->enableQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function repeat(float $interval, \Closure $closure): string
    {
        if ($interval < 0) {
            throw new \Error("Interval must be greater than or equal to zero");
        }
        $callback = new TimerCallback($this->callbackId(), $interval, $closure, $this->now() + $interval, true);
        $this->callbacks[$callback->id] = $callback;
        $this->enableQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function onReadable(mixed $stream, \Closure $closure): string
    {
        $callback = new StreamReadableCallback($this->callbackId(), $closure, $stream);
        $this->callbacks[$callback->id] = $callback;
        $this->enableQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function onWritable(mixed $stream, \Closure $closure): string
    {
        $callback = new StreamWritableCallback($this->callbackId(), $closure, $stream);
        $this->callbacks[$callback->id] = $callback;
        $this->enableQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function onSignal(int $signal, \Closure $closure): string
    {
        if (!$this->signalHandling) {
            throw new UnsupportedFeatureException("Signal handling requires the pcntl extension");
        }
        $callback = new SignalCallback($this->callbackId(), $closure, $signal);
        $this->callbacks[$callback->id] = $callback;
        $this->enableQueue[$callback->id] = $callback;
        $this->wakeLoop();
        return $callback->id;
    }

    public function enable(string $callbackId): string
    {
        $callback = $this->callbacks[$callbackId] ?? throw InvalidCallbackError::invalidIdentifier($callbackId);
        if ($callback->enabled) {
            return $callbackId;
        }
        $callback->enabled = true;
        if ($callback instanceof DeferCallback) {
            $this->enableDeferQueue[$callback->id] = $callback;
        } else {
            if ($callback instanceof TimerCallback) {
                $callback->expiration = $this->now() + $callback->interval;
            }
            $this->enableQueue[$callback->id] = $callback;
        }
        $this->wakeLoop();
        return $callbackId;
    }

    public function cancel(string $callbackId): void
    {
        $this->disable($callbackId);
        unset($this->callbacks[$callbackId]);
    }

    public function disable(string $callbackId): string
    {
        $callback = $this->callbacks[$callbackId] ?? null;
        if (!$callback || !$callback->enabled) {
            return $callbackId;
        }
        $callback->enabled = false;
        $callback->invokable = false;
        $id = $callback->id;
        if ($callback instanceof DeferCallback) {
            unset($this->enableDeferQueue[$id]);
        } elseif (isset($this->enableQueue[$id])) {
            unset($this->enableQueue[$id]);
        } else {
            $this->deactivate($callback);
        }
        $this->nudgeLoop();
        return $callbackId;
    }

    public function reference(string $callbackId): string
    {
        $callback = $this->callbacks[$callbackId] ?? throw InvalidCallbackError::invalidIdentifier($callbackId);
        $callback->referenced = true;
        $this->wakeLoop();
        return $callbackId;
    }

    public function unreference(string $callbackId): string
    {
        $callback = $this->callbacks[$callbackId] ?? null;
        if ($callback && $callback->referenced) {
            $callback->referenced = false;
            $this->nudgeLoop();
        }
        return $callbackId;
    }

    public function setErrorHandler(?\Closure $errorHandler): void
    {
        $this->errorHandler = $errorHandler;
    }

    public function getErrorHandler(): ?\Closure
    {
        return $this->errorHandler;
    }

    /** No native handle: chan's poller is not exposed to PHP. */
    public function getHandle(): mixed
    {
        return null;
    }

    public function getIdentifiers(): array
    {
        return \array_keys($this->callbacks);
    }

    public function getType(string $callbackId): CallbackType
    {
        $callback = $this->callbacks[$callbackId] ?? throw InvalidCallbackError::invalidIdentifier($callbackId);
        return match ($callback::class) {
            DeferCallback::class => CallbackType::Defer,
            TimerCallback::class => $callback->repeat ? CallbackType::Repeat : CallbackType::Delay,
            StreamReadableCallback::class => CallbackType::Readable,
            StreamWritableCallback::class => CallbackType::Writable,
            SignalCallback::class => CallbackType::Signal,
        };
    }

    public function isEnabled(string $callbackId): bool
    {
        $callback = $this->callbacks[$callbackId] ?? throw InvalidCallbackError::invalidIdentifier($callbackId);
        return $callback->enabled;
    }

    public function isReferenced(string $callbackId): bool
    {
        $callback = $this->callbacks[$callbackId] ?? throw InvalidCallbackError::invalidIdentifier($callbackId);
        return $callback->referenced;
    }

    public function __debugInfo(): array
    {
        return \array_map(fn (DriverCallback $callback) => [
            'type' => $this->getType($callback->id),
            'enabled' => $callback->enabled,
            'referenced' => $callback->referenced,
        ], $this->callbacks);
    }

    public function __serialize(): never
    {
        throw new \Error(__CLASS__ . ' does not support serialization');
    }

    public function __unserialize(array $data): never
    {
        throw new \Error(__CLASS__ . ' does not support deserialization');
    }

    // --- for ChanSuspension ----------------------------------------------

    /** @internal A suspension of a chan context is about to park: make sure the loop runs. */
    public function parking(): void
    {
        $this->parked++;
        if ($this->runnerId !== 0 && $this->runnerId === Coroutine::id()) {
            // A callback parks: the rest of the tick's callbacks go on in a new runner.
            $this->runnerId = 0;
            $this->runnerDone->push(false);
        }
        if (!$this->isEmpty()) {
            $this->startLoop(false);
        }
    }

    /** @internal */
    public function unparked(): void
    {
        $this->parked--;
    }

    /** @internal main's suspension resumed from the runner: delivered when the callback ends. */
    public function deliverAfterCallback(ChanSuspension $suspension, array $message): bool
    {
        if ($this->runnerId === 0 || $this->runnerId !== Coroutine::id()) {
            return false;
        }
        $this->mainDelivery = [$suspension, $message];
        return true;
    }

    private function flushMainDelivery(): void
    {
        if ($this->mainDelivery === null) {
            return;
        }
        [$suspension, $message] = $this->mainDelivery;
        $this->mainDelivery = null;
        if ($this->interrupt) {
            $message = [null, $this->interrupt];
            $this->interrupt = null;
        }
        $suspension->push($message);
    }

    /** @internal Whether the calling context is the loop's own (the loop or the runner). */
    public function isLoopContext(): bool
    {
        $id = Coroutine::id();
        return $id !== 0 && ($id === $this->loopId || $id === $this->runnerId);
    }

    // --- the loop --------------------------------------------------------

    private function wakeLoop(): void
    {
        if ($this->loopId !== 0) {
            $this->wake->tryPush(true);
        } elseif ($this->runDone === null) {
            // Callbacks run beside chan's coroutines, not only inside run(): the loop starts
            // (as a coroutine, so when the caller next blocks) and ends when nothing is left.
            $this->startLoop(false);
        }
    }

    /**
     * A callback was disabled, cancelled or unreferenced from outside the loop
     * (a coroutine, main): the loop may be parked in a wait timed for that
     * callback's timer, or kept only by it. Wake it so it computes its wait
     * again, or ends; else a cancelled 30 s timer (amphp's TimeoutCancellation
     * once the awaited future is done) would hold the loop, and the script's
     * end, for 30 s.
     */
    private function nudgeLoop(): void
    {
        if ($this->loopId !== 0 && !$this->isLoopContext()) {
            $this->wake->tryPush(true);
        }
    }

    private function startLoop(bool $forRun): void
    {
        if ($this->loopId !== 0) {
            return;
        }
        if (!$forRun) {
            $this->stopped = false;
        }
        $this->loopId = \Chan\go($this->loop(...));
    }

    private function loop(): void
    {
        $interrupt = null;
        try {
            $this->invokeCallbacks();
            while (!$this->stopped) {
                if ($this->interrupt) {
                    break;
                }
                if ($this->isEmpty()) {
                    break;
                }
                $previousIdle = $this->idle;
                $this->idle = true;
                $this->tick($previousIdle);
                $this->invokeCallbacks();
            }
        } finally {
            $this->stopWatchers();
            $this->loopId = 0;
            $interrupt = $this->interrupt;
            $this->interrupt = null;
        }
        $this->stopped = false;
        if ($this->runDone !== null) {
            $this->runDone->push($interrupt);
        } elseif ($interrupt) {
            $main = ($this->suspensions[0] ?? null)?->get();
            if ($main && $main->deliverInterrupt($interrupt)) {
                return;
            }
            $interrupt(); // nobody waits for the loop: it escapes the loop coroutine
        }
        if ($this->parked > 0 && !$this->isEmpty()) {
            // stop() ended run(), but suspensions still wait on the loop.
        }
    }

    private function isEmpty(): bool
    {
        if (!$this->microtaskQueue->isEmpty()) {
            return false;
        }
        foreach ($this->callbacks as $callback) {
            if ($callback->enabled && $callback->referenced) {
                return false;
            }
        }
        return true;
    }

    private function tick(bool $previousIdle): void
    {
        $this->activate($this->enableQueue);
        foreach ($this->enableQueue as $callback) {
            $callback->invokable = true;
        }
        $this->enableQueue = [];

        foreach ($this->enableDeferQueue as $callback) {
            $callback->invokable = true;
            $this->enqueueCallback($callback);
        }
        $this->enableDeferQueue = [];

        $blocking = $previousIdle && !$this->stopped && !$this->isEmpty();
        if ($blocking) {
            $this->invokeCallbacks();
            if (!empty($this->enableDeferQueue) || !empty($this->enableQueue)) {
                $blocking = false;
            }
        }
        $this->dispatch($blocking);
    }

    private function enqueueCallback(DriverCallback $callback): void
    {
        $this->callbackQueue->enqueue($callback);
        $this->idle = false;
    }

    /** @param array<string, DriverCallback> $callbacks */
    private function activate(array $callbacks): void
    {
        foreach ($callbacks as $callback) {
            if ($callback instanceof TimerCallback) {
                $this->timerQueue->insert($callback);
            } elseif ($callback instanceof StreamCallback) {
                $this->startWatcher($callback);
            } elseif ($callback instanceof SignalCallback) {
                $signal = $callback->signal;
                if (!isset($this->signalCallbacks[$signal])) {
                    \pcntl_async_signals(true);
                    if (!@\pcntl_signal($signal, $this->handleSignal(...))) {
                        throw new UnsupportedFeatureException("Failed to register signal handler for signal {$signal}");
                    }
                }
                $this->signalCallbacks[$signal][$callback->id] = $callback;
            }
        }
    }

    private function deactivate(DriverCallback $callback): void
    {
        if ($callback instanceof TimerCallback) {
            $this->timerQueue->remove($callback);
        } elseif ($callback instanceof StreamCallback) {
            $this->stopWatcher($callback->id);
            unset($this->readyStreams[$callback->id]);
        } elseif ($callback instanceof SignalCallback) {
            $signal = $callback->signal;
            unset($this->signalCallbacks[$signal][$callback->id]);
            if (empty($this->signalCallbacks[$signal])) {
                unset($this->signalCallbacks[$signal]);
                @\pcntl_signal($signal, \SIG_DFL);
            }
        }
    }

    private function handleSignal(int $signal): void
    {
        $this->signalQueue->enqueue($signal);
        $this->wake->tryPush(true);
    }

    /**
     * One watcher coroutine per enabled stream callback: it waits for the
     * stream, reports it ready, then waits to be re-armed (after the
     * callback ran), so a level-triggered readiness is reported once a tick.
     */
    private function startWatcher(StreamCallback $callback): void
    {
        $id = $callback->id;
        if (isset($this->watchers[$id])) {
            return;
        }
        $rearm = new Channel(1);
        $this->watchers[$id] = $rearm;
        $readable = $callback instanceof StreamReadableCallback;
        $stream = $callback->stream;
        $ready = &$this->readyStreams;
        $wake = $this->wake;
        $this->watcherIds[$id] = \Chan\go(static function () use ($callback, $rearm, $readable, $stream, &$ready, $wake): void {
            try {
                while (true) {
                    try {
                        // A check first (timeout 0), so a ready stream is seen within the
                        // loop's yield, as a non-blocking select would see it.
                        try {
                            $readable ? Coroutine::waitReadable($stream, 0) : Coroutine::waitWritable($stream, 0);
                        } catch (\Chan\TimeoutException) {
                            $readable ? Coroutine::waitReadable($stream) : Coroutine::waitWritable($stream);
                        }
                    } catch (\Chan\ClosedException) {
                        // closed while waiting: readable / writable (the callback sees EOF)
                    } catch (\TypeError | \ValueError) {
                        // closed before waiting: report it once, as a select() would fail on it
                    }
                    $ready[$callback->id] = $callback;
                    $wake->tryPush(true);
                    $rearm->pop();
                }
            } catch (\Chan\CancelledException | \Chan\ClosedException) {
            }
        });
    }

    private function stopWatcher(string $id): void
    {
        if (!isset($this->watchers[$id])) {
            return;
        }
        $rearm = $this->watchers[$id];
        unset($this->watchers[$id]);
        $co = $this->watcherIds[$id];
        unset($this->watcherIds[$id]);
        $rearm->close();
        Coroutine::cancel($co);
    }

    /** The loop ends: watchers go; their callbacks are activated again on the next run. */
    private function stopWatchers(): void
    {
        foreach (\array_keys($this->watchers) as $id) {
            $this->stopWatcher($id);
            $callback = $this->callbacks[$id] ?? null;
            if ($callback && $callback->enabled) {
                $this->enableQueue[$id] = $callback;
            }
        }
        $this->readyStreams = [];
    }

    private function dispatch(bool $blocking): void
    {
        // Re-arm the watchers whose callbacks ran since the last wait.
        foreach ($this->watchers as $rearm) {
            $rearm->tryPush(true);
        }

        $timeout = 0.0;
        if ($blocking && empty($this->readyStreams) && $this->signalQueue->isEmpty()) {
            $next = $this->timerQueue->peek();
            if ($next === null) {
                $timeout = null;
            } else {
                $timeout = \max(0.0, $next - $this->now());
            }
            if ($this->signalCallbacks && ($timeout === null || $timeout > 0.01)) {
                $timeout = 0.01; // a signal handler runs when PHP code runs
            }
        }
        if ($timeout === null || $timeout > 0) {
            \Chan\select([$this->wake], $timeout);
        } else {
            Coroutine::yield(); // lets the re-armed watchers look at their streams
        }
        $this->wake->tryPop($unused);

        // Streams: readable callbacks first, as stream_select() reports them.
        if ($this->readyStreams) {
            $ready = $this->readyStreams;
            $this->readyStreams = [];
            \uasort($ready, static fn ($a, $b) => ($b instanceof StreamReadableCallback) <=> ($a instanceof StreamReadableCallback));
            foreach ($ready as $callback) {
                if ($callback->enabled && $callback->invokable && isset($this->callbacks[$callback->id])) {
                    $this->enqueueCallback($callback);
                }
            }
        }

        $now = $this->now();
        while ($callback = $this->timerQueue->extract($now)) {
            $this->enqueueCallback($callback);
        }

        while (!$this->signalQueue->isEmpty()) {
            $signal = $this->signalQueue->dequeue();
            foreach ($this->signalCallbacks[$signal] ?? [] as $callback) {
                $this->enqueueCallback($callback);
            }
        }
    }

    private function invokeCallbacks(): void
    {
        while (!$this->microtaskQueue->isEmpty() || !$this->callbackQueue->isEmpty()) {
            $this->runnerId = \Chan\go($this->runCallbacks(...));
            $this->runnerDone->pop();
            $this->runnerId = 0;
            if ($this->interrupt) {
                return;
            }
        }
    }

    /** The runner coroutine: microtasks and callbacks, one after the other. */
    private function runCallbacks(): void
    {
        $me = Coroutine::id();
        try {
            $this->invokeMicrotasks();
            while ($this->runnerId === $me && !$this->interrupt && !$this->callbackQueue->isEmpty()) {
                $callback = $this->callbackQueue->dequeue();
                if (!isset($this->callbacks[$callback->id]) || !$callback->invokable) {
                    continue;
                }
                if ($callback instanceof DeferCallback) {
                    $this->cancel($callback->id);
                } elseif ($callback instanceof TimerCallback) {
                    if (!$callback->repeat) {
                        $this->cancel($callback->id);
                    } else {
                        $this->disable($callback->id);
                        $this->enable($callback->id);
                    }
                }
                try {
                    $result = match (true) {
                        $callback instanceof StreamCallback => ($callback->closure)($callback->id, $callback->stream),
                        $callback instanceof SignalCallback => ($callback->closure)($callback->id, $callback->signal),
                        default => ($callback->closure)($callback->id),
                    };
                    if ($result !== null) {
                        throw InvalidCallbackError::nonNullReturn($callback->id, $callback->closure);
                    }
                } catch (\Chan\CancelledException $e) {
                    throw $e;
                } catch (\Throwable $exception) {
                    $this->error($callback->closure, $exception);
                } finally {
                    FiberLocal::clear();
                    $this->flushMainDelivery();
                }
                if ($this->runnerId !== $me || $this->interrupt) {
                    break;
                }
                $this->invokeMicrotasks();
            }
        } finally {
            if ($this->runnerId === $me) {
                $this->runnerDone->push(true);
            }
        }
    }

    private function invokeMicrotasks(): void
    {
        $me = Coroutine::id();
        while ($this->runnerId === $me && !$this->microtaskQueue->isEmpty()) {
            [$callback, $args] = $this->microtaskQueue->dequeue();
            try {
                $callback(...$args, ...($args = []));
            } catch (\Chan\CancelledException $e) {
                throw $e;
            } catch (\Throwable $exception) {
                $this->error($callback, $exception);
            } finally {
                FiberLocal::clear();
                $this->flushMainDelivery();
            }
            unset($callback, $args);
            if ($this->interrupt) {
                return;
            }
        }
    }

    private function error(\Closure $closure, \Throwable $exception): void
    {
        if ($this->errorHandler === null) {
            $this->interrupt = static fn () => $exception instanceof UncaughtThrowable
                ? throw $exception
                : throw UncaughtThrowable::throwingCallback($closure, $exception);
            return;
        }
        $handler = $this->errorHandler;
        try {
            $handler($exception);
        } catch (\Throwable $exception) {
            $this->interrupt = static fn () => $exception instanceof UncaughtThrowable
                ? throw $exception
                : throw UncaughtThrowable::throwingErrorHandler($handler, $exception);
        }
    }

    private function now(): float
    {
        return ((float) \hrtime(true) - $this->nowOffset) / 1_000_000_000;
    }

    private function callbackId(): string
    {
        $id = $this->nextId;
        if (\PHP_VERSION_ID >= 80300) {
            $this->nextId = \str_increment($this->nextId);
        } else {
            $this->nextId++;
        }
        return $id;
    }
}
