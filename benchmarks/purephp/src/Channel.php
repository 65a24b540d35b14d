<?php
/**
 * Chan\Channel in pure PHP.
 *
 * A bounded ring (a packed PHP array used circularly: no hash conversion,
 * no unset) plus two FIFO wait queues of parked pushers and poppers.
 * Invariants, as in chan_channel.h: poppers wait only while the buffer is
 * empty, pushers only while it is full (always, when unbuffered). Whoever
 * completes an operation with a parked peer does the peer's part too: a push
 * hands its value straight to the first parked popper, a pop that frees a
 * slot moves the first parked pusher's value in; the peer is made runnable
 * (tail of the run queue) and the caller keeps running.
 *
 * The hot paths (push into free space, pop from the buffer, hand-off) are
 * written inline: no helper call, no allocation.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

final class Channel implements \Countable, \IteratorAggregate
{
    /** The largest capacity a channel may have: 2^24. */
    public const MAX_CAPACITY = 16777216;

    /** @internal results of _send() / _recv() */
    public const OP_OK = 0;
    public const OP_WOULD_BLOCK = 1;
    public const OP_CLOSED = 2;

    public readonly int $capacity;

    /** @var array<int, mixed> the ring */
    private array $buf = [];
    private int $head = 0;
    private int $tail = 0;
    private int $len = 0;
    private bool $closed = false;
    private bool $lock = false;
    /** @internal */
    public WaitQ $senders;
    /** @internal */
    public WaitQ $receivers;

    public function __construct(int $capacity = 0, bool $lock = false)
    {
        if (isset($this->capacity)) {
            throw Util::at(new Error('Chan\Channel::__construct() cannot be called twice'));
        }
        if ($capacity < 0 || $capacity > self::MAX_CAPACITY) {
            throw Util::at(new \ValueError('Chan\Channel::__construct(): Argument #1 ($capacity) must be between 0 and ' . self::MAX_CAPACITY));
        }
        $this->lock = $lock;
        $this->senders = new WaitQ();
        $this->receivers = new WaitQ();
        $this->capacity = $capacity;
    }

    /* --- core, shared with select ------------------------------------------ */

    /** @internal Non-blocking send; never throws. */
    public function _send(mixed $value): int
    {
        if ($this->closed) {
            return self::OP_CLOSED;
        }
        $w = $this->receivers->head;
        if ($w !== null) {
            $this->receivers->shift();
            $w->value = $value;
            Scheduler::wakeup($w->coro, Scheduler::W_OK, $w);
            return self::OP_OK;
        }
        if ($this->len < $this->capacity) {
            $this->buf[$this->tail] = $value;
            if (++$this->tail === $this->capacity) {
                $this->tail = 0;
            }
            $this->len++;
            return self::OP_OK;
        }
        return self::OP_WOULD_BLOCK;
    }

    /** @internal Non-blocking receive into $out; CLOSED only once closed and drained; never throws. */
    public function _recv(mixed &$out): int
    {
        if ($this->len > 0) {
            $h = $this->head;
            $out = $this->buf[$h];
            $this->buf[$h] = null;
            $this->head = $h + 1 === $this->capacity ? 0 : $h + 1;
            $this->len--;
            $w = $this->senders->head;
            if ($w !== null) {
                // The slot just freed goes to the longest-waiting pusher.
                $this->senders->shift();
                $this->buf[$this->tail] = $w->value;
                $w->value = null;
                if (++$this->tail === $this->capacity) {
                    $this->tail = 0;
                }
                $this->len++;
                Scheduler::wakeup($w->coro, Scheduler::W_OK, $w);
            }
            return self::OP_OK;
        }
        $w = $this->senders->head;
        if ($w !== null) {
            $this->senders->shift();
            $out = $w->value;
            $w->value = null;
            Scheduler::wakeup($w->coro, Scheduler::W_OK, $w);
            return self::OP_OK;
        }
        return $this->closed ? self::OP_CLOSED : self::OP_WOULD_BLOCK;
    }

    /** @internal A send would complete (or throw: closed) without waiting. */
    public function _sendReady(): bool
    {
        return $this->closed || $this->receivers->len > 0 || $this->len < $this->capacity;
    }

    /** @internal A receive would complete (or report closed) without waiting. */
    public function _recvReady(): bool
    {
        return $this->len > 0 || $this->senders->len > 0 || $this->closed;
    }

    /**
     * Blocking receive once _recv() found nothing: OP_OK or OP_CLOSED, else
     * throws.
     */
    private function recvBlocking(mixed &$out, float $timeout): int
    {
        if ($timeout == 0) {
            throw Util::at(new TimeoutException('Chan\Channel::pop() timed out'));
        }
        $self = Scheduler::$cur;
        if (\Fiber::getCurrent() !== $self->fiber || $self->wake === Scheduler::W_CANCEL) {
            Scheduler::canBlock();
            $self = Scheduler::$cur;
        }
        $w = $self->self;
        $q = $this->receivers;
        $w->q = $q;
        $t = $q->tail;
        $w->prev = $t;
        if ($t !== null) {
            $t->nextW = $w;
        } else {
            $q->head = $w;
        }
        $q->tail = $w;
        $q->len++;
        $t = null; // the previous tail is another context's waiter: not held across the park
        $self->w = $w;
        $why = Scheduler::park($self, $timeout);
        if ($why === Scheduler::W_OK) {
            $out = $w->value;
            $w->value = null;
            return self::OP_OK;
        }
        // A value handed over before an abort goes with it.
        $w->value = null;
        if ($why === Scheduler::W_CLOSED) {
            return self::OP_CLOSED;
        }
        if ($why === Scheduler::W_TIMEOUT) {
            throw Util::at(new TimeoutException('Chan\Channel::pop() timed out'));
        }
        Scheduler::raise($why);
        return self::OP_WOULD_BLOCK;
    }

    /* --- methods ------------------------------------------------------------ */

    public function push(mixed $value, ?float $timeout = null): void
    {
        $timeout = $timeout === null ? -1.0 : Scheduler::timeoutArg('Chan\Channel::push(): Argument #2 ($timeout)', $timeout);
        if ($this->closed) {
            throw Util::at(new ClosedException('Cannot push to a closed channel'));
        }
        $q = $this->receivers;
        $w = $q->head;
        if ($w !== null) {
            // Hand-off to the first parked popper (WaitQ::shift() and
            // Scheduler::wakeup() inlined).
            $n = $w->nextW;
            $q->head = $n;
            if ($n !== null) {
                $n->prev = null;
                $w->nextW = null;
            } else {
                $q->tail = null;
            }
            $q->len--;
            $w->q = null;
            $w->value = $value;
            $co = $w->coro;
            if ($co->ws !== null || $co->timer !== 0) {
                Scheduler::wakeup($co, Scheduler::W_OK, $w);
                return;
            }
            $co->fired = 0;
            $co->wake = Scheduler::W_OK;
            $co->state = Scheduler::RUNNABLE;
            $t = Scheduler::$rqTail;
            if ($t !== null) {
                $t->next = $co;
            } else {
                Scheduler::$rqHead = $co;
            }
            Scheduler::$rqTail = $co;
            return;
        }
        if ($this->len < $this->capacity) {
            $this->buf[$this->tail] = $value;
            if (++$this->tail === $this->capacity) {
                $this->tail = 0;
            }
            $this->len++;
            return;
        }
        if ($timeout == 0) {
            throw Util::at(new TimeoutException('Chan\Channel::push() timed out'));
        }
        $self = Scheduler::$cur;
        if (\Fiber::getCurrent() !== $self->fiber || $self->wake === Scheduler::W_CANCEL) {
            Scheduler::canBlock();
            $self = Scheduler::$cur;
        }
        $w = $self->self;
        $w->value = $value;
        $q = $this->senders;
        $w->q = $q;
        $t = $q->tail;
        $w->prev = $t;
        if ($t !== null) {
            $t->nextW = $w;
        } else {
            $q->head = $w;
        }
        $q->tail = $w;
        $q->len++;
        $t = null; // the previous tail is another context's waiter: not held across the park
        $self->w = $w;
        $why = Scheduler::park($self, $timeout);
        $w->value = null;
        if ($why === Scheduler::W_OK) {
            return;
        }
        if ($why === Scheduler::W_CLOSED) {
            throw Util::at(new ClosedException('The channel was closed while pushing'));
        }
        if ($why === Scheduler::W_TIMEOUT) {
            throw Util::at(new TimeoutException('Chan\Channel::push() timed out'));
        }
        Scheduler::raise($why);
    }

    public function pop(?float $timeout = null): mixed
    {
        $timeout = $timeout === null ? -1.0 : Scheduler::timeoutArg('Chan\Channel::pop(): Argument #1 ($timeout)', $timeout);
        if ($this->len > 0) {
            $h = $this->head;
            $v = $this->buf[$h];
            $this->buf[$h] = null;
            $this->head = $h + 1 === $this->capacity ? 0 : $h + 1;
            $this->len--;
            $q = $this->senders;
            $w = $q->head;
            if ($w !== null) {
                // The slot just freed goes to the longest-waiting pusher
                // (WaitQ::shift() and Scheduler::wakeup() inlined).
                $n = $w->nextW;
                $q->head = $n;
                if ($n !== null) {
                    $n->prev = null;
                    $w->nextW = null;
                } else {
                    $q->tail = null;
                }
                $q->len--;
                $w->q = null;
                $this->buf[$this->tail] = $w->value;
                $w->value = null;
                if (++$this->tail === $this->capacity) {
                    $this->tail = 0;
                }
                $this->len++;
                $co = $w->coro;
                if ($co->ws !== null || $co->timer !== 0) {
                    Scheduler::wakeup($co, Scheduler::W_OK, $w);
                    return $v;
                }
                $co->fired = 0;
                $co->wake = Scheduler::W_OK;
                $co->state = Scheduler::RUNNABLE;
                $t = Scheduler::$rqTail;
                if ($t !== null) {
                    $t->next = $co;
                } else {
                    Scheduler::$rqHead = $co;
                }
                Scheduler::$rqTail = $co;
            }
            return $v;
        }
        $q = $this->senders;
        $w = $q->head;
        if ($w !== null) {
            // Take the first parked pusher's value (WaitQ::shift() and
            // Scheduler::wakeup() inlined).
            $n = $w->nextW;
            $q->head = $n;
            if ($n !== null) {
                $n->prev = null;
                $w->nextW = null;
            } else {
                $q->tail = null;
            }
            $q->len--;
            $w->q = null;
            $v = $w->value;
            $w->value = null;
            $co = $w->coro;
            if ($co->ws !== null || $co->timer !== 0) {
                Scheduler::wakeup($co, Scheduler::W_OK, $w);
                return $v;
            }
            $co->fired = 0;
            $co->wake = Scheduler::W_OK;
            $co->state = Scheduler::RUNNABLE;
            $t = Scheduler::$rqTail;
            if ($t !== null) {
                $t->next = $co;
            } else {
                Scheduler::$rqHead = $co;
            }
            Scheduler::$rqTail = $co;
            return $v;
        }
        if ($this->closed) {
            throw Util::at(new ClosedException('Cannot pop from a closed and empty channel'));
        }
        // Park (recvBlocking() inlined: this is the hottest blocking path).
        if ($timeout == 0) {
            throw Util::at(new TimeoutException('Chan\Channel::pop() timed out'));
        }
        $self = Scheduler::$cur;
        if (\Fiber::getCurrent() !== $self->fiber || $self->wake === Scheduler::W_CANCEL) {
            Scheduler::canBlock();
            $self = Scheduler::$cur;
        }
        $w = $self->self;
        $q = $this->receivers;
        $w->q = $q;
        $t = $q->tail;
        $w->prev = $t;
        if ($t !== null) {
            $t->nextW = $w;
        } else {
            $q->head = $w;
        }
        $q->tail = $w;
        $q->len++;
        $t = null; // the previous tail is another context's waiter: not held across the park
        $self->w = $w;
        $why = Scheduler::park($self, $timeout);
        if ($why === Scheduler::W_OK) {
            $v = $w->value;
            $w->value = null;
            return $v;
        }
        $w->value = null; // a value handed over before an abort goes with it
        if ($why === Scheduler::W_CLOSED) {
            throw Util::at(new ClosedException('Cannot pop from a closed and empty channel'));
        }
        if ($why === Scheduler::W_TIMEOUT) {
            throw Util::at(new TimeoutException('Chan\Channel::pop() timed out'));
        }
        Scheduler::raise($why);
        return null;
    }

    /** push() that never waits: false where push() would wait. */
    public function tryPush(mixed $value): bool
    {
        $r = $this->_send($value);
        if ($r === self::OP_CLOSED) {
            throw Util::at(new ClosedException('Cannot push to a closed channel'));
        }
        return $r === self::OP_OK;
    }

    /** pop() that never waits; leaves $value alone when it returns false. */
    public function tryPop(mixed &$value = null): bool
    {
        if ($this->_recv($v) !== self::OP_OK) {
            return false;
        }
        $value = $v;
        return true;
    }

    /** Wakes every parked popper, then every parked pusher; true if this call closed it. */
    public function close(): bool
    {
        if ($this->closed) {
            return false;
        }
        $this->closed = true;
        while (($w = $this->receivers->shift()) !== null) {
            Scheduler::wakeup($w->coro, Scheduler::W_CLOSED, $w);
        }
        while (($w = $this->senders->shift()) !== null) {
            Scheduler::wakeup($w->coro, Scheduler::W_CLOSED, $w);
        }
        return true;
    }

    public function isClosed(): bool
    {
        return $this->closed;
    }

    public function isEmpty(): bool
    {
        return $this->len === 0;
    }

    public function isFull(): bool
    {
        return $this->len === $this->capacity;
    }

    public function count(): int
    {
        return $this->len;
    }

    /** @return array<string, int|bool|string> */
    public function stats(): array
    {
        return [
            'capacity' => $this->capacity,
            'length' => $this->len,
            'pushers' => $this->senders->len,
            'poppers' => $this->receivers->len,
            'closed' => $this->closed,
            'queue' => $this->lock ? 'mutex' : 'lockfree',
        ];
    }

    /** An iterator that pops, keys from 0, until the channel is closed and drained. */
    public function getIterator(): \Iterator
    {
        return $this->iterate();
    }

    private function iterate(): \Generator
    {
        $k = 0;
        for (;;) {
            $v = null; // the previous value is released before blocking
            $r = $this->_recv($v);
            if ($r === self::OP_WOULD_BLOCK) {
                $r = $this->recvBlocking($v, -1.0);
            }
            if ($r !== self::OP_OK) {
                return;
            }
            yield $k++ => $v;
        }
    }

    /* --- object rules of the extension ---------------------------------------- */

    /** Values left in the channel are released oldest first, as the extension does. */
    public function __destruct()
    {
        while ($this->len > 0) {
            $h = $this->head;
            $v = $this->buf[$h];
            $this->buf[$h] = null;
            $this->head = $h + 1 === $this->capacity ? 0 : $h + 1;
            $this->len--;
            $v = null;
        }
    }

    public function __clone()
    {
        throw Util::at(new \Error('Trying to clone an uncloneable object of class Chan\Channel'));
    }

    public function __set(string $name, mixed $value): void
    {
        throw Util::at(new \Error('Cannot create dynamic property Chan\Channel::$' . $name));
    }

    public function __serialize(): array
    {
        throw Util::at(new \Exception("Serialization of 'Chan\\Channel' is not allowed"));
    }

    public function __unserialize(array $data): void
    {
        throw Util::at(new \Exception("Unserialization of 'Chan\\Channel' is not allowed"));
    }

    public function __debugInfo(): array
    {
        return ['capacity' => $this->capacity];
    }
}
