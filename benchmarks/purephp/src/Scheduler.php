<?php
/**
 * The scheduler of the model: run queue, timers, parking and waking, abort
 * and teardown. It follows the extension's algorithm step by step
 * (chan_scheduler.c), so that the two interleave a program identically:
 *
 * - One FIFO run queue. go() and every wake-up append to its tail and the
 *   caller keeps running (Go's order, lazy wake-up).
 * - When a context blocks, the head of the run queue runs next (due timers
 *   fire first, on every pick); with an empty queue the scheduler sleeps
 *   until the nearest timer; with no timer either main is woken with a
 *   deadlock and its blocking call throws.
 * - Switching is symmetric through main: PHP Fibers are asymmetric, so a
 *   coroutine that blocks suspends to main, whose loop (run on main's own
 *   stack while main is blocked) picks the next context and resumes it. A
 *   coroutine-to-coroutine switch costs two Fiber switches (suspend +
 *   resume), no scheduler Fiber, and nothing else; main to a coroutine and
 *   back costs one each. Picking after the suspend (not before) keeps a
 *   switch that PHP refuses (inside a destructor) undoable.
 * - Coroutines run on worker Fibers, as the extension runs them on worker
 *   contexts: when a coroutine ends, its worker picks the next context at
 *   once and, if that one never ran, runs it in place without any switch;
 *   otherwise it waits idle (at most 64 do) for a new coroutine. Creating a
 *   Fiber (a C stack mapping) costs some 100 times a switch.
 * - A min-heap of timers (deadline, then FIFO sequence) indexed from each
 *   coroutine, so a timer is removed in O(log n) when its owner is woken by
 *   something else.
 * - An exception escaping a coroutine goes straight to main, ahead of the
 *   run queue; main destroys every other coroutine, newest first, by
 *   dropping its Fiber: PHP then unwinds it with its graceful exit (finally
 *   blocks run, catch blocks do not), as the extension does. Destroying
 *   without finally blocks (after exit()) uses exit() inside that unwinding,
 *   which PHP swallows for a Fiber being destroyed.
 *
 * 'switches' in Coroutine::stats() counts what the extension counts: every
 * change of the running context, except a finished coroutine handing over to
 * one that never ran (the extension runs that one in place on the same C
 * stack).
 *
 * @internal
 */

declare(strict_types=1);

namespace PurePhp\Chan;

final class Scheduler
{
    public const READY = 0;     // spawned, never run; in the run queue
    public const RUNNING = 1;
    public const PARKED = 2;
    public const RUNNABLE = 3;  // woken; in the run queue
    public const DEAD = 4;

    public const W_NONE = 0;
    public const W_OK = 1;       // what it waited for happened
    public const W_CLOSED = 2;   // the channel was closed
    public const W_TIMEOUT = 3;  // its timer fired
    public const W_DEADLOCK = 4; // main only: nothing else can ever run
    public const W_ABORT = 5;    // main only: an exception escaped a coroutine
    public const W_EXIT = 6;     // main only: exit() in a finally block during a teardown
    public const W_CANCEL = 7;   // it is being destroyed

    /** Timers further than this are "never" yet clear of overflow (as the extension). */
    private const FAR_NS = 4000000000000000000;

    public static Coro $main;
    public static Coro $cur;
    public static ?Coro $rqHead = null;
    public static ?Coro $rqTail = null;
    /** @var array<int, Coro> live coroutines (main excluded) by id: the last key is the newest */
    public static array $live = [];
    public static int $count = 0;
    public static int $peak = 0;
    public static int $spawned = 0;
    public static int $switches = 0;
    public static int $nextId = 0;
    /** @var array<int, Coro> timer heap, 0-based; Coro::$timer is the 1-based slot */
    public static array $heap = [];
    public static int $heapLen = 0;
    public static int $timerSeq = 0;
    public static ?\Throwable $abortEx = null;
    /** What a dying coroutine hands to main (W_ABORT) or a teardown found (W_EXIT). */
    public static int $pending = self::W_NONE;
    /** The context to run next regardless of the run queue (main, for an abort). */
    public static ?Coro $direct = null;
    public static bool $inRun = false;
    public static bool $exiting = false;
    public static bool $drainRegistered = false;
    /**
     * The model cannot see exit() in main (the extension hooks the EXIT
     * opcode). A harness that appends a call to scriptEnd() to the script and
     * sets PUREPHP_CHAN_END_MARKER=1 in the environment makes a script end
     * without that call count as exit(): pending coroutines are then not run.
     */
    public static bool $endMarkerExpected = false;
    public static bool $scriptEnded = false;
    private static \Closure $worker;
    /** @var list<\Fiber> workers waiting for a new coroutine */
    public static array $idle = [];
    /** Idle workers kept, as the extension (each holds a C stack). */
    private const IDLE_MAX = 64;
    /** Set by a worker that has just gone idle, for main's loop. */
    public static bool $becameIdle = false;
    /** The Fiber being destroyed (its coroutine's Coro::$fiber is already null). */
    private static ?\WeakReference $dying = null;

    public static function init(): void
    {
        $m = new Coro(0);
        $m->state = self::RUNNING;
        $m->started = true;
        self::$main = $m;
        self::$cur = $m;
        self::$worker = self::worker(...);
        self::$endMarkerExpected = \getenv('PUREPHP_CHAN_END_MARKER') === '1';
    }

    /** See $endMarkerExpected. */
    public static function scriptEnd(): void
    {
        self::$scriptEnded = true;
    }

    /* --- timers ------------------------------------------------------------ */

    private static function timerAdd(Coro $co, float $seconds): void
    {
        $ns = $seconds * 1e9;
        $delta = $ns >= 4e18 ? self::FAR_NS : (int) $ns;
        $co->deadline = \hrtime(true) + $delta;
        $co->tseq = self::$timerSeq++;
        self::siftUp(self::$heapLen++, $co);
    }

    private static function siftUp(int $i, Coro $t): void
    {
        $heap = &self::$heap;
        $d = $t->deadline;
        $s = $t->tseq;
        while ($i > 0) {
            $pi = ($i - 1) >> 1;
            $p = $heap[$pi];
            if (!($d < $p->deadline || ($d === $p->deadline && $s < $p->tseq))) {
                break;
            }
            $heap[$i] = $p;
            $p->timer = $i + 1;
            $i = $pi;
        }
        $heap[$i] = $t;
        $t->timer = $i + 1;
    }

    private static function siftDown(int $i, Coro $t): void
    {
        $heap = &self::$heap;
        $len = self::$heapLen;
        $d = $t->deadline;
        $s = $t->tseq;
        for (;;) {
            $ci = 2 * $i + 1;
            if ($ci >= $len) {
                break;
            }
            $c = $heap[$ci];
            if ($ci + 1 < $len) {
                $c2 = $heap[$ci + 1];
                if ($c2->deadline < $c->deadline || ($c2->deadline === $c->deadline && $c2->tseq < $c->tseq)) {
                    $ci++;
                    $c = $c2;
                }
            }
            if (!($c->deadline < $d || ($c->deadline === $d && $c->tseq < $s))) {
                break;
            }
            $heap[$i] = $c;
            $c->timer = $i + 1;
            $i = $ci;
        }
        $heap[$i] = $t;
        $t->timer = $i + 1;
    }

    private static function timerRemove(Coro $co): void
    {
        $i = $co->timer - 1;
        $co->timer = 0;
        $last = self::$heap[--self::$heapLen];
        unset(self::$heap[self::$heapLen]);
        if ($i === self::$heapLen) {
            return;
        }
        if ($i > 0) {
            $p = self::$heap[($i - 1) >> 1];
            if ($last->deadline < $p->deadline || ($last->deadline === $p->deadline && $last->tseq < $p->tseq)) {
                self::siftUp($i, $last);
                return;
            }
        }
        self::siftDown($i, $last);
    }

    /** Wakes every coroutine whose timer is due, in deadline order. */
    private static function timersFire(int $now): void
    {
        while (self::$heapLen > 0 && self::$heap[0]->deadline <= $now) {
            self::wakeup(self::$heap[0], self::W_TIMEOUT, null);
        }
    }

    /** Sleeps until the nearest timer is due. */
    private static function timersSleep(): void
    {
        $ns = self::$heap[0]->deadline - \hrtime(true);
        if ($ns > 0) {
            \time_nanosleep(\intdiv($ns, 1000000000), $ns % 1000000000);
        }
    }

    /* --- run queue ------------------------------------------------------------ */

    public static function runqPush(Coro $co): void
    {
        $co->next = null;
        $t = self::$rqTail;
        if ($t !== null) {
            $t->next = $co;
        } else {
            self::$rqHead = $co;
        }
        self::$rqTail = $co;
    }

    /** Only on the rare paths (abort): the queue is singly linked. */
    private static function runqRemove(Coro $co): void
    {
        $prev = null;
        $x = self::$rqHead;
        while ($x !== null && $x !== $co) {
            $prev = $x;
            $x = $x->next;
        }
        if ($x === null) {
            return;
        }
        if ($prev === null) {
            self::$rqHead = $co->next;
        } else {
            $prev->next = $co->next;
        }
        if (self::$rqTail === $co) {
            self::$rqTail = $prev;
        }
        $co->next = null;
    }

    /* --- waking and parking ------------------------------------------------- */

    private static function unlinkWaits(Coro $co): void
    {
        if ($co->ws !== null) {
            foreach ($co->ws as $w) {
                if ($w->q !== null) {
                    $w->q->remove($w);
                }
            }
        } elseif ($co->w !== null && $co->w->q !== null) {
            $co->w->q->remove($co->w);
        }
        if ($co->timer !== 0) {
            self::timerRemove($co);
        }
    }

    /**
     * Makes a parked coroutine runnable (tail of the run queue) for $why,
     * crediting waiter $fired; unlinks all its other waiters and its timer.
     */
    public static function wakeup(Coro $co, int $why, ?Waiter $fired): void
    {
        if ($co->ws !== null || $co->timer !== 0 || ($co->w !== null && $co->w->q !== null)) {
            self::unlinkWaits($co);
        }
        $co->fired = $fired !== null ? $fired->index : 0;
        $co->wake = $why;
        $co->state = self::RUNNABLE;
        $co->next = null;
        $t = self::$rqTail;
        if ($t !== null) {
            $t->next = $co;
        } else {
            self::$rqHead = $co;
        }
        self::$rqTail = $co;
    }

    /**
     * The context to run after the current one gives up the CPU: the head of
     * the run queue, after sleeping for timers if need be. When nothing can
     * ever run, main is woken with a deadlock (main itself included).
     */
    private static function pickNext(): Coro
    {
        for (;;) {
            if (self::$heapLen > 0) {
                self::timersFire(\hrtime(true));
            }
            $next = self::$rqHead;
            if ($next !== null) {
                $n = $next->next;
                self::$rqHead = $n;
                if ($n === null) {
                    self::$rqTail = null;
                } else {
                    $next->next = null;
                }
                return $next;
            }
            if (self::$heapLen > 0) {
                self::timersSleep();
                continue;
            }
            self::wakeup(self::$main, self::W_DEADLOCK, null);
        }
    }

    /** Gives up the CPU (the caller has queued or parked itself); returns once picked again. */
    private static function schedule(): void
    {
        $self = self::$cur;
        if ($self->fiber === null) {
            self::loop();
            return;
        }
        $resumed = false;
        try {
            \Fiber::suspend();
            $resumed = true;
        } catch (\FiberError $e) {
            self::unpark($self);
            throw Util::at(new Error('Cannot switch coroutines in the current execution context'));
        } finally {
            if (!$resumed && $self->cancelUnwind) {
                exit();
            }
        }
    }

    /** Whether PHP allows switching Fibers here (not inside a destructor). Costly: rare paths only. */
    private static function canSwitch(): bool
    {
        try {
            (new \Fiber(static function (): void {}))->start();
            return true;
        } catch (\FiberError) {
            return false;
        }
    }

    /** Undoes a park that could not switch: the caller runs on. */
    private static function unpark(Coro $co): void
    {
        if ($co->state === self::RUNNABLE) {
            self::runqRemove($co);
        }
        self::unlinkWaits($co);
        $co->w = null;
        $co->ws = null;
        $co->wake = self::W_NONE;
        $co->state = self::RUNNING;
        self::$cur = $co;
    }

    /**
     * Main's side of every switch, run while main is blocked: picks the next
     * context and resumes it until it parks or ends; repeats until main is
     * picked. Counts switches as the extension does.
     */
    private static function loop(): void
    {
        $main = self::$main;
        $prev = $main;
        $prevDone = false;
        for (;;) {
            $next = self::$direct;
            if ($next !== null) {
                self::$direct = null;
            } elseif (self::$heapLen === 0 && $next = self::$rqHead) {
                // pickNext() inlined for its common case: no timer, queue not empty
                $n = $next->next;
                self::$rqHead = $n;
                if ($n === null) {
                    self::$rqTail = null;
                } else {
                    $next->next = null;
                }
            } else {
                $next = self::pickNext();
            }
            if ($next === $main) {
                if ($prev !== $main) {
                    self::$switches++;
                } elseif ($main->wake === self::W_DEADLOCK && !self::canSwitch()) {
                    // The extension refuses to block where it cannot switch
                    // before it could see the deadlock.
                    $main->state = self::RUNNING;
                    $main->wake = self::W_NONE;
                    throw Util::at(new Error('Cannot switch coroutines in the current execution context'));
                }
                $main->state = self::RUNNING;
                self::$cur = $main;
                return;
            }
            $counted = $next !== $prev && ($next->started || !$prevDone);
            if ($counted) {
                self::$switches++;
            }
            $next->state = self::RUNNING;
            self::$cur = $next;
            $f = $next->fiber;
            $fromIdle = false;
            try {
                if ($f === null) {
                    // Never ran: an idle worker takes it, else a new one.
                    $next->started = true;
                    if (self::$idle) {
                        $fromIdle = true;
                        $next->fiber = $f = \array_pop(self::$idle);
                        $f->resume($next);
                    } else {
                        $next->fiber = $f = new \Fiber(self::$worker);
                        $f->start($next);
                    }
                } else {
                    $f->resume();
                }
            } catch (\FiberError $e) {
                if ($f->isTerminated() || self::$cur !== $next) {
                    throw $e; // not a refused switch
                }
                // Main blocked where PHP forbids switching (a destructor):
                // put everything back and refuse, as the extension does.
                if ($counted) {
                    self::$switches--;
                }
                if ($next->fiber === $f && ($fromIdle || !$f->isStarted())) {
                    if ($fromIdle) {
                        self::$idle[] = $f;
                    }
                    $next->started = false;
                    $next->fiber = null;
                    $next->state = self::READY;
                } else {
                    $next->state = self::RUNNABLE;
                }
                $next->next = self::$rqHead;
                self::$rqHead = $next;
                if (self::$rqTail === null) {
                    self::$rqTail = $next;
                }
                self::unpark($main);
                throw Util::at(new Error('Cannot switch coroutines in the current execution context'));
            }
            // The context that gave the CPU back: it parked, or ended (then
            // its worker went idle, ended, or ran a new coroutine in place).
            if (self::$becameIdle) {
                self::$becameIdle = false;
                self::$idle[] = $f;
            }
            $prev = self::$cur;
            $prevDone = $prev->state === self::DEAD;
        }
    }

    /**
     * Parks the current context on the waiters it linked ($w, or the
     * select's $ws), with a timeout in seconds (< 0: none). Returns why it
     * was woken; Coro::$fired tells which waiter.
     */
    public static function wait(?Waiter $w, ?array $ws, float $timeout): int
    {
        $self = self::$cur;
        $self->w = $w;
        $self->ws = $ws;
        return self::park($self, $timeout);
    }

    /**
     * wait() for a caller that has set $self->w / $self->ws itself: parks
     * $self (the current context) and gives up the CPU until it is picked
     * again. A coroutine suspends to main, which picks the next context;
     * main runs that loop itself. Suspending first and picking after keeps a
     * refused switch (PHP forbids switching Fibers inside destructors)
     * undoable.
     */
    public static function park(Coro $self, float $timeout): int
    {
        $self->wake = self::W_NONE;
        if ($timeout >= 0) {
            self::timerAdd($self, $timeout);
        }
        $self->state = self::PARKED;
        if ($self->fiber === null) {
            self::loop();
        } else {
            $resumed = false;
            try {
                \Fiber::suspend();
                $resumed = true;
            } catch (\FiberError $e) {
                self::unpark($self);
                throw Util::at(new Error('Cannot switch coroutines in the current execution context'));
            } finally {
                // Only reached without $resumed while PHP destroys this Fiber
                // (graceful exit): exit() here destroys it without running any
                // finally block of the coroutine; PHP swallows that exit.
                if (!$resumed && $self->cancelUnwind) {
                    exit();
                }
            }
        }
        $self->w = null;
        $self->ws = null;
        return $self->wake;
    }

    /** Moves the caller to the tail of the run queue; switch point. */
    public static function yield(): void
    {
        self::canBlock();
        $self = self::$cur;
        $self->wake = self::W_OK;
        $self->state = self::RUNNABLE;
        self::runqPush($self);
        self::schedule();
        if ($self->wake !== self::W_OK) {
            self::raise($self->wake);
        }
    }

    public static function sleep(float $seconds): void
    {
        if (!($seconds >= 0)) {
            throw Util::at(new \ValueError('Chan\Coroutine::sleep(): Argument #1 ($seconds) must be greater than or equal to 0'));
        }
        self::canBlock();
        if ($seconds == 0) {
            $self = self::$cur;
            $self->wake = self::W_OK;
            $self->state = self::RUNNABLE;
            self::runqPush($self);
            self::schedule();
            if ($self->wake !== self::W_OK) {
                self::raise($self->wake);
            }
            return;
        }
        $why = self::wait(null, null, \is_infinite($seconds) ? -1.0 : $seconds);
        if ($why !== self::W_TIMEOUT) {
            self::raise($why);
        }
    }

    /**
     * Throws Chan\Error when the caller may not block here (inside a Fiber
     * the scheduler does not own, a coroutine being destroyed).
     */
    public static function canBlock(): void
    {
        $cur = self::$cur;
        $fiber = \Fiber::getCurrent();
        if ($fiber !== $cur->fiber && !($cur->wake === self::W_CANCEL && $fiber !== null && $fiber === self::$dying?->get())) {
            if ($cur !== self::$main && \Fiber::getCurrent() === null && $cur->fiber !== null && $cur->fiber->isTerminated()) {
                // exit() ended a coroutine and the script goes on in a shutdown function.
                self::afterExit();
                return;
            }
            throw Util::at(new Error('Cannot block inside a Fiber that the Chan scheduler does not own'));
        }
        if ($cur->state !== self::RUNNING || $cur->wake === self::W_CANCEL) {
            throw Util::at(new Error('Cannot block in a coroutine that is being destroyed'));
        }
    }

    /** Validates a ?float $timeout argument: null -> -1, INF -> -1, else seconds >= 0. */
    public static function timeoutArg(string $where, ?float $t): float
    {
        if ($t === null) {
            return -1.0;
        }
        if (!($t >= 0)) {
            throw Util::at(new \ValueError($where . ' must be null or greater than or equal to 0'));
        }
        return \is_infinite($t) ? -1.0 : $t;
    }

    /**
     * For the reasons a blocking call cannot handle itself (deadlock, abort,
     * exit): throws, or ends the script.
     */
    public static function raise(int $why): void
    {
        switch ($why) {
            case self::W_DEADLOCK:
                // The coroutines that can never run again go first (their
                // finally blocks run), as the extension does. Its message
                // then lists where each context waited; the model leaves
                // that report out (difflib.php blanks it).
                $e = Util::at(new DeadlockError('all coroutines are asleep - deadlock!'));
                self::destroyAll(false);
                if (self::$pending === self::W_EXIT) {
                    self::$pending = self::W_NONE;
                    exit();
                }
                throw $e;
            case self::W_ABORT:
                $ex = self::$abortEx;
                self::$abortEx = null;
                self::destroyAll(false);
                if (self::$pending === self::W_EXIT) {
                    self::$pending = self::W_NONE;
                    exit();
                }
                throw $ex;
            case self::W_EXIT:
                self::destroyAll(true);
                exit();
        }
    }

    /* --- coroutine lifecycle ------------------------------------------------- */

    /** Queues a new coroutine at the tail of the run queue. */
    public static function spawn(callable $fn, array $args): Coro
    {
        $co = new Coro(++self::$nextId, $fn, $args);
        self::$live[$co->id] = $co;
        if (++self::$count > self::$peak) {
            self::$peak = self::$count;
        }
        self::$spawned++;
        self::runqPush($co);
        if (!self::$drainRegistered) {
            self::$drainRegistered = true;
            \register_shutdown_function(self::drain(...));
        }
        return $co;
    }

    /**
     * A worker Fiber's life: run the coroutine it was started or resumed
     * for; when that one ends, pick the next context at once (as the
     * extension does when a coroutine ends): a coroutine that never ran runs
     * here in place, with no switch at all; anything else is handed to main
     * and the worker waits idle for a new coroutine (at most IDLE_MAX wait;
     * the others end). Creating a Fiber costs far more than a switch.
     */
    private static function worker(Coro $co): void
    {
        // Never keep this Fiber in a local: a reference from its own stack
        // would keep it alive when the destroyer drops it.
        for (;;) {
            self::body($co);
            if ($co->wake === self::W_CANCEL) {
                return; // destroyed; the destroyer does the bookkeeping
            }
            self::finish($co);
            if (self::$direct === null) {
                $next = self::pickNext();
                if (!$next->started) {
                    $next->started = true;
                    $next->fiber = \Fiber::getCurrent();
                    $next->state = self::RUNNING;
                    self::$cur = $next;
                    $co = $next;
                    continue;
                }
                self::$direct = $next;
            }
            if (\count(self::$idle) >= self::IDLE_MAX) {
                return;
            }
            self::$becameIdle = true;
            $co = \Fiber::suspend();
            if ($co === null) {
                return;
            }
        }
    }

    /** Runs one coroutine's function; an exception that escapes it aborts the scheduler. */
    private static function body(Coro $co): void
    {
        // A coroutine starts with the error_reporting INI setting, not the
        // value of the context that happened to run it ("@" may have lowered
        // that): a Fiber starts so, but a worker runs several coroutines.
        $er = \ini_get('error_reporting');
        $er = $er === false || $er === '' ? \E_ALL : (int) $er;
        if (\error_reporting() !== $er) {
            \error_reporting($er);
        }
        try {
            $fn = $co->fn;
            $args = $co->args;
            $co->args = [];
            $ret = $fn(...$args);
            if ($co->keep) {
                $co->retval = $ret;
            }
        } catch (\Throwable $e) {
            if ($co->wake === self::W_CANCEL) {
                // Thrown by a finally block while being destroyed: say so.
                Util::warn('Uncaught ' . (string) $e . "\n  thrown", $e->getFile(), $e->getLine());
            } else {
                self::$abortEx = $e;
                self::$pending = self::W_ABORT;
            }
        } finally {
            // Also reached while PHP destroys the Fiber (graceful exit);
            // not after exit().
            $co->clean = true;
            $fn = $args = $ret = $e = null;
        }
    }

    private static function release(Coro $co): void
    {
        $co->state = self::DEAD;
        unset(self::$live[$co->id]);
        self::$count--;
        $co->fn = null;
        $co->args = [];
        $co->fiber = null;
        if ($co->self !== null) {
            $co->self->value = null;
            $co->self = null;
        }
        $co->w = null;
        $co->ws = null;
        if (!$co->keep) {
            $co->retval = null;
        }
    }

    /**
     * A coroutine's function has returned or thrown: it is dead; an abort
     * sends the CPU straight to main, else main's loop picks as usual.
     */
    private static function finish(Coro $co): void
    {
        self::release($co);
        if (self::$pending !== self::W_NONE) {
            $why = self::$pending;
            self::$pending = self::W_NONE;
            self::$direct = self::mainNow($why);
            return;
        }
        $m = self::$main;
        if (self::$count === 0 && $m->waitAll && $m->state === self::PARKED) {
            self::wakeup($m, self::W_OK, null);
        }
    }

    /** Main, made runnable ahead of everything else for a pending abort. */
    private static function mainNow(int $why): Coro
    {
        $m = self::$main;
        if ($m->state === self::RUNNABLE) {
            self::runqRemove($m);
        } else {
            self::unlinkWaits($m);
        }
        $m->wake = $why;
        return $m;
    }

    /**
     * Destroys every live coroutine, newest first: never-run ones are just
     * dropped; the others are unwound at their blocking point, with their
     * finally blocks ($unwind false) or without them. Runs on main.
     */
    public static function destroyAll(bool $unwind): void
    {
        $self = self::$cur;
        while (self::$live) {
            $co = self::$live[\array_key_last(self::$live)];
            // Every queued context is live and about to go: forget the queue.
            self::$rqHead = self::$rqTail = null;
            if ($co->state === self::READY) {
                self::release($co);
                continue;
            }
            if ($co->state === self::PARKED) {
                self::unlinkWaits($co);
            }
            $co->wake = self::W_CANCEL;
            $co->cancelUnwind = $unwind || self::$pending === self::W_EXIT;
            // A value handed over before the cancel goes with the coroutine,
            // before its finally blocks run (as the extension releases it).
            if ($co->self !== null) {
                $co->self->value = null;
            }
            if ($co->ws !== null) {
                foreach ($co->ws as $w) {
                    $w->value = null;
                }
            }
            $co->state = self::RUNNING;
            self::$cur = $co;
            self::$switches++;
            $f = $co->fiber;
            $co->fiber = null;
            $alive = self::$dying = \WeakReference::create($f);
            try {
                $f = null; // PHP unwinds it: graceful exit, finally blocks run
            } catch (\Throwable $e) {
                Util::warn('Uncaught ' . (string) $e . "\n  thrown", $e->getFile(), $e->getLine());
            }
            self::$dying = null;
            if ($alive->get() !== null) {
                // User code holds the Fiber (Fiber::getCurrent() kept): PHP
                // cannot unwind it now; it is left to PHP's own teardown.
                $co->clean = true;
            }
            if (!$co->clean && !$co->cancelUnwind) {
                // exit() in a finally block: the destroyer exits once done.
                self::$exiting = true;
                self::$pending = self::W_EXIT;
            }
            self::release($co);
            self::$cur = $self;
            self::$switches++;
        }
        self::$rqHead = self::$rqTail = null;
        $self->state = self::RUNNING;
    }

    /**
     * exit() ended a coroutine (the exit went through main's loop, so the
     * script is in its shutdown functions now): the others are destroyed
     * without their finally blocks and nothing runs any more.
     */
    private static function afterExit(): void
    {
        $co = self::$cur;
        self::$exiting = true;
        self::release($co);
        self::$cur = self::$main;
        self::$main->state = self::RUNNING;
        self::destroyAll(true);
    }

    /** Main waits until every coroutine has finished. */
    public static function waitAll(): int
    {
        $m = self::$main;
        $why = self::W_OK;
        $m->waitAll = true;
        while (self::$count > 0) {
            $why = self::wait(null, null, -1.0);
            if ($why !== self::W_OK) {
                break;
            }
        }
        $m->waitAll = false;
        return $why;
    }

    /**
     * Registered as a shutdown function at the first spawn: runs what is still
     * pending once the script has ended, unless it ended by exit() in a
     * coroutine or a fatal error; coroutines that can never run again are
     * destroyed with one warning.
     */
    public static function drain(): void
    {
        self::$drainRegistered = false;
        if (Util::fatalErrorHappened()) {
            return;
        }
        if (self::$cur !== self::$main && \Fiber::getCurrent() === null) {
            $f = self::$cur->fiber;
            if ($f === null || $f->isTerminated()) {
                self::afterExit();
            }
            return;
        }
        if (self::$endMarkerExpected && !self::$scriptEnded && self::$cur === self::$main) {
            self::$exiting = true; // exit() in main: nothing runs any more
            self::destroyAll(true);
            return;
        }
        if (!self::$count || self::$exiting || \Fiber::getCurrent() !== null) {
            return;
        }
        $why = self::waitAll();
        if ($why === self::W_DEADLOCK) {
            $n = self::$count;
            Util::warn('Chan: ' . $n . ' coroutine' . ($n === 1 ? '' : 's') . ' blocked forever at script end, destroying '
                . ($n === 1 ? 'it' : 'them'), 'Unknown', 0);
            self::destroyAll(false);
            if (self::$pending === self::W_EXIT) {
                self::$pending = self::W_NONE;
                exit();
            }
        } elseif ($why !== self::W_OK) {
            self::raise($why);
        }
    }
}
