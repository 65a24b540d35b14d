<?php
/**
 * Internal records of the model: a coroutine (Coro), a parked operation
 * (Waiter) and a FIFO of parked operations (WaitQ). None of them is part of
 * the public contract.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

/** @internal One coroutine, or main (id 0, no Fiber). */
final class Coro
{
    /** Scheduler::READY ... Scheduler::DEAD */
    public int $state = Scheduler::READY;
    /** Why it was last made runnable: Scheduler::W_* */
    public int $wake = Scheduler::W_NONE;
    /** Index of the waiter that woke it (a select's case). */
    public int $fired = 0;
    /** Run queue link. */
    public ?Coro $next = null;
    /** The one waiter it is parked on (push, pop, wait), or null. */
    public ?Waiter $w = null;
    /** The waiters of a parked select, or null. */
    public ?array $ws = null;
    /** 1-based slot in the timer heap, 0 = no timer. */
    public int $timer = 0;
    public int $deadline = 0;
    public int $tseq = 0;
    public ?\Fiber $fiber = null;
    /** Has run at least once (main: always). */
    public bool $started = false;
    /** main: woken when the last coroutine ends (run(), drain). */
    public bool $waitAll = false;
    /** run()'s coroutine: keep the return value for main. */
    public bool $keep = false;
    public mixed $retval = null;
    /** Being destroyed without its finally blocks (exit). */
    public bool $cancelUnwind = false;
    /** Its body reached its end (normally, by exception, or by a graceful destroy). */
    public bool $clean = false;
    /** Reused for every single-waiter park: no allocation per blocking call. Null once dead (breaks the cycle). */
    public ?Waiter $self;

    /** @var callable|null */
    public $fn;

    public function __construct(public int $id, ?callable $fn = null, public array $args = [])
    {
        $this->fn = $fn;
        $this->self = new Waiter($this);
    }
}

/** @internal A parked operation: a pusher (its value), a popper (where the value lands), a waiter of a WaitGroup. */
final class Waiter
{
    public mixed $value = null;
    /** The queue it is linked into, null once unlinked. */
    public ?WaitQ $q = null;
    public ?Waiter $prev = null;
    public ?Waiter $nextW = null;
    /** Which of the coroutine's waiters this is (the select case number). */
    public int $index = 0;

    public function __construct(public Coro $coro) {}
}

/** @internal Intrusive doubly linked FIFO of waiters: O(1) push, shift and removal. */
final class WaitQ
{
    public ?Waiter $head = null;
    public ?Waiter $tail = null;
    public int $len = 0;

    public function push(Waiter $w): void
    {
        $w->q = $this;
        $w->nextW = null;
        $t = $this->tail;
        $w->prev = $t;
        if ($t !== null) {
            $t->nextW = $w;
        } else {
            $this->head = $w;
        }
        $this->tail = $w;
        $this->len++;
    }

    public function shift(): ?Waiter
    {
        $w = $this->head;
        if ($w !== null) {
            $n = $w->nextW;
            $this->head = $n;
            if ($n !== null) {
                $n->prev = null;
                $w->nextW = null;
            } else {
                $this->tail = null;
            }
            $this->len--;
            $w->q = null;
        }
        return $w;
    }

    public function remove(Waiter $w): void
    {
        $p = $w->prev;
        $n = $w->nextW;
        if ($p !== null) {
            $p->nextW = $n;
        } else {
            $this->head = $n;
        }
        if ($n !== null) {
            $n->prev = $p;
        } else {
            $this->tail = $p;
        }
        $w->prev = $w->nextW = null;
        $this->len--;
        $w->q = null;
    }
}
