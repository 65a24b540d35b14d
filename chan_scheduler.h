/*
 * chan_scheduler.h - coroutines on Zend fiber contexts, driven from C.
 *
 * Design. A coroutine is not a PHP Fiber object: it is a chan_coro that runs
 * on a worker, a zend_fiber_context entered with zend_fiber_switch_context(),
 * the API zend_fibers.h offers for custom fiber types. Workers live on our
 * own slab-allocated stacks (chan_stack.h), their contexts made with the
 * make_fcontext() that PHP's fibers use; where that is not available, with
 * zend_fiber_init_context(). A coroutine gets its worker when it first runs; when
 * it ends, the worker runs the next never-run coroutine in place (no switch
 * at all) or waits idle for one, so go() costs no mmap() while a worker is
 * free. Observers therefore see one fiber context per worker, not per
 * coroutine. That API saves and restores the VM state on every switch and
 * supports symmetric switching, so a context that blocks switches straight
 * to the next runnable one: one switch per hand-off, no scheduler context in
 * between, no PHP-level call, no method lookup. Debuggers and profilers still
 * see every context's init, switch and destroy through the fiber observer
 * hooks (the context kind is &chan_coro_kind, not zend_ce_fiber, so they do
 * not mistake it for a Fiber). What they do not get: context->stack is NULL
 * on our own stacks (zend_fiber_stack is private to zend_fibers.c), and a
 * worker is destroyed by us, never through zend_fiber_destroy_context().
 *
 * Main (the script's top level, id 0) is a peer: when it blocks it runs the
 * scheduler loop on its own stack until something makes it runnable again.
 * Every coroutine runs while main is blocked, so main is always there to be
 * woken with a deadlock, an abort, an exit or a fatal error.
 *
 * Order is Go's: go() and every wake-up append to the tail of one FIFO run
 * queue and the caller keeps running. A blocked context runs the head; when
 * the queue is empty it sleeps until the nearest timer; with no timer either
 * the program is deadlocked and main's blocking call throws.
 *
 * Waiting. A blocked coroutine is linked into one or more wait queues
 * (channels, wait groups) through chan_waiter nodes that live on its own C
 * stack, and optionally into the timer heap. Whoever wakes it unlinks all of
 * them, so a wake-up happens exactly once and costs O(nodes).
 *
 * Teardown. An exception escaping a coroutine, exit() and fatal errors all
 * go back to main, which destroys the other coroutines by resuming each one
 * with PHP's graceful-exit (finally blocks run) or unwind-exit (they do not).
 */
#ifndef CHAN_SCHEDULER_H
#define CHAN_SCHEDULER_H

#include "php.h"
#include "zend_fibers.h"
#include "zend_smart_str.h"

#ifdef CHAN_DEBUG
#include <assert.h>
#define CHAN_ASSERT(c) assert(c)
#else
#define CHAN_ASSERT(c) ((void) 0)
#endif

typedef struct chan_coro chan_coro;
typedef struct chan_waiter chan_waiter;

/* Why a blocked context was made runnable again. */
typedef enum {
	CHAN_WAKE_NONE = 0,
	CHAN_WAKE_OK,        /* what it waited for happened */
	CHAN_WAKE_CLOSED,    /* the channel was closed */
	CHAN_WAKE_TIMEOUT,   /* its timer fired */
	CHAN_WAKE_DEADLOCK,  /* main only: nothing else can ever run */
	CHAN_WAKE_ABORT,     /* main only: an exception escaped a coroutine */
	CHAN_WAKE_EXIT,      /* main only: exit() in a coroutine */
	CHAN_WAKE_BAILOUT,   /* main only: fatal error in a coroutine */
	CHAN_WAKE_DESTROY,   /* it is being destroyed */
	CHAN_WAKE_CANCELLED, /* Coroutine::cancel(): throw Chan\CancelledException */
	CHAN_WAKE_DEADLINE,  /* withTimeout()'s deadline passed while it waited */
} chan_wake;

enum {
	CHAN_CORO_READY, /* spawned, never run; in the run queue */
	CHAN_CORO_RUNNING,
	CHAN_CORO_PARKED,
	CHAN_CORO_RUNNABLE, /* woken; in the run queue */
	CHAN_CORO_DEAD,
};

typedef struct chan_group chan_group;

typedef struct chan_waitq {
	chan_waiter *head, *tail;
	uint32_t len;
} chan_waitq;

struct chan_waiter {
	chan_waiter *prev, *next;
	chan_waitq *q; /* NULL once unlinked */
	chan_coro *coro;
	zval *slot;     /* pusher: the value offered (borrowed); popper: where it lands */
	uint32_t index; /* which of the coroutine's waiters this is (select's case) */
};

/* The fields a switch, a park and a wake-up touch come first and fit in the
 * first 64 bytes, and chan_spawn() allocates CHAN_CORO_ALLOC bytes, a
 * multiple of 64 (a Zend MM bin whose elements start on 64-byte boundaries),
 * so they sit in one cache line: with many coroutines that line is cold
 * whenever one is resumed or woken (benchmarks/REPORT.md, issue 16). */
struct chan_coro {
	/* hot: switch (context, state, frame), run queue (next), park and wake
	 * (waits, nwaits, fired, timer, wake, deadline, by_deadline) */
	zend_fiber_context *context; /* its worker's, main's, NULL until it runs */
	chan_coro *next;             /* run queue */
	chan_waiter *waits;          /* the waiters it is parked on */
	zend_execute_data *frame;    /* where it last gave up the CPU (chan_trace.c) */
	uint64_t deadline;           /* withTimeout(): ns on the monotonic clock, 0: none */
	uint32_t nwaits;
	uint32_t fired; /* index of the waiter that woke it */
	uint32_t timer; /* 1-based slot in the timer heap, 0 = none */
	uint8_t state;
	uint8_t wake;        /* chan_wake */
	bool cancel_unwind;  /* destroy without running finally blocks */
	bool wait_all;       /* main: woken when the last coroutine ends */
	bool keep_result;    /* run()'s coroutine: keep retval for main */
	bool cancel_pending; /* Coroutine::cancel() not yet delivered (chan_interrupts) */
	bool by_deadline;    /* its timer is withTimeout()'s deadline */
	/* cold */
	zend_long id;
	chan_coro *live_prev, *live_next;
	zend_fcall_info_cache fcc;
	zval fn;
	zval *argv;
	uint32_t argc;
	HashTable *named;
	zval retval;
	zend_object *cancelled; /* the CancelledException delivered last */
	chan_group *group;      /* Chan\Group it is a member of */
	chan_coro *group_prev, *group_next;
	uint32_t group_index; /* its go() order in the group */
};

#define CHAN_CORO_ALLOC ((sizeof(chan_coro) + 63) & ~(size_t) 63)

/* --- wait queues ------------------------------------------------------ */

static zend_always_inline void chan_waitq_push(chan_waitq *q, chan_waiter *w)
{
	w->q = q;
	w->next = NULL;
	w->prev = q->tail;
	if (q->tail) {
		q->tail->next = w;
	} else {
		q->head = w;
	}
	q->tail = w;
	q->len++;
}

static zend_always_inline void chan_waitq_remove(chan_waiter *w)
{
	chan_waitq *q = w->q;
	if (w->prev) {
		w->prev->next = w->next;
	} else {
		q->head = w->next;
	}
	if (w->next) {
		w->next->prev = w->prev;
	} else {
		q->tail = w->prev;
	}
	q->len--;
	w->q = NULL;
}

static zend_always_inline chan_waiter *chan_waitq_shift(chan_waitq *q)
{
	chan_waiter *w = q->head;
	if (w) {
		chan_waitq_remove(w);
	}
	return w;
}

/* --- blocking --------------------------------------------------------- */

/* Throws Chan\Error and returns false when the caller may not block here
 * (inside a foreign Fiber, a coroutine being destroyed, during shutdown). */
bool chan_can_block(void);

/* Live coroutines (main not counted): Coroutine::count(). */
extern TSRM_TLS zend_long chan_live_count;

/* Whether a blocking call made here could let another context run: a
 * coroutine lives (whenever the current context is not main, one does) and
 * the caller may block (chan_can_block() without the exception). The hook
 * layer asks this first: false means PHP's own blocking call, unchanged, and
 * costs a script without coroutines one load. */
bool chan_may_switch_slow(void);
static zend_always_inline bool chan_may_switch(void)
{
	return chan_live_count > 0 && chan_may_switch_slow();
}

/* Parks the current context on the waiters w[0..n) (already linked into
 * their queues by the caller), with a timeout in seconds (< 0: none).
 * Returns why it was woken; w[fired] tells which waiter when CHAN_WAKE_OK or
 * CHAN_WAKE_CLOSED. Every waiter is unlinked on return. */
chan_wake chan_wait(chan_waiter *w, uint32_t n, double timeout);

/* Moves the current context to the tail of the run queue and runs the
 * others; returns why it was resumed (CHAN_WAKE_OK, or a reason for
 * chan_raise()). */
chan_wake chan_yield_wait(void);

/* Makes a parked coroutine runnable (tail of the run queue) for `why`,
 * crediting waiter `fired`; unlinks all its other waiters and its timer. */
void chan_wakeup(chan_coro *co, chan_wake why, chan_waiter *fired);

/* For the reasons a blocking call cannot handle itself (deadlock, abort,
 * exit, fatal error, cancel): throws or bails out. Returns true if it threw. */
bool chan_raise(chan_wake why);

/* Current context; main when no coroutine runs. */
chan_coro *chan_current(void);

/* --- cancellation and deadlines (chan_cancel.c) ------------------------ */

/* Pending cancellations plus active withTimeout() deadlines, across all
 * contexts: while 0, a blocking call's checkpoint is one load and a branch. */
extern TSRM_TLS uint32_t chan_interrupts;
bool chan_checkpoint_slow(void);

/* At the entry of every blocking call, whether or not it will wait: false
 * with Chan\CancelledException thrown when a cancellation is pending for
 * the current context, or Chan\TimeoutException when its withTimeout()
 * deadline has passed. */
static zend_always_inline bool chan_checkpoint(void)
{
	return EXPECTED(!chan_interrupts) || chan_checkpoint_slow();
}

/* Cancels co (chan_cancel.c): wakes it with CHAN_WAKE_CANCELLED when
 * parked, else leaves the cancellation pending. */
void chan_cancel(chan_coro *co);
/* Throws the CancelledException delivered to the current context. */
void chan_cancel_throw(void);
/* co ends: forgets its pending cancellation and its delivered exception. */
void chan_cancel_forget(chan_coro *co);

/* Reads the (callable $fn, mixed ...$args) of go(), run() and
 * Group::go() into fci and fcc; returns from the caller on a bad argument. */
#define CHAN_PARSE_CALLABLE_ARGS(fci, fcc)                                                                             \
	ZEND_PARSE_PARAMETERS_START(1, -1)                                                                                 \
	Z_PARAM_FUNC(fci, fcc)                                                                                             \
	Z_PARAM_VARIADIC_WITH_NAMED((fci).params, (fci).param_count, (fci).named_params)                                   \
	ZEND_PARSE_PARAMETERS_END()

/* Queues a new coroutine (go()); NULL with an exception thrown when it
 * cannot. */
chan_coro *chan_spawn(zend_fcall_info *fci, zend_fcall_info_cache *fcc);

/* The live coroutines, newest first (live_next), and main. */
chan_coro *chan_live_head(void);
chan_coro *chan_main(void);

/* --- the verbs of chan_coroutine.c (Chan\go(), Chan\run(), Coroutine) --- */

/* Runs fci as a coroutine, and every other, until none is left; its return
 * value into return_value. Chan\Error from inside a coroutine; what the
 * wait raises (deadlock, cancellation, ...) is thrown. */
void chan_run(zend_fcall_info *fci, zend_fcall_info_cache *fcc, zval *return_value);
/* Runs the others queued before the current context (Coroutine::yield()). */
void chan_yield(void);
/* Parks the current context for seconds >= 0 (INF: until woken by a
 * cancellation or a deadlock); 0 yields. */
void chan_sleep(double seconds);
/* Coroutine::drain(): runs what is left at script end. */
void chan_drain_at_shutdown(void);

typedef struct {
	zend_long count, peak, spawned; /* live, most at once, ever started */
	uint64_t switches;
} chan_sched_stats;
chan_sched_stats chan_scheduler_stats(void);

/* --- introspection (chan_trace.c) -------------------------------------- */

/* Appends the report of what every live context waits on, and where, to s:
 * one line per context, oldest first, at most CHAN_REPORT_MAX, then a count
 * of the rest; main first, when it is blocked (main_blocked: it is running,
 * about to throw from the blocking call it was woken in). */
#define CHAN_REPORT_MAX 32
void chan_report_blocked(smart_str *s, bool main_blocked);

/* The live coroutine with this id (not main), or NULL (chan_scheduler.c). */
chan_coro *chan_coro_find(zend_long id);

/* Validates a ?float $timeout argument: null -> -1, else seconds >= 0.
 * Throws ValueError naming argument `arg` and returns false otherwise.
 * Inline for the null of every push() and pop() without a timeout. */
bool chan_timeout_seconds(uint32_t arg, double seconds, double *out);
static zend_always_inline bool chan_timeout_arg(uint32_t arg, double seconds, bool is_null, double *out)
{
	if (EXPECTED(is_null)) {
		*out = -1;
		return true;
	}
	return chan_timeout_seconds(arg, seconds, out);
}

/* chan.max_coroutines: live coroutines go() may start (0: no limit). Per
 * thread, as every INI value is under ZTS. */
extern TSRM_TLS zend_long chan_max_coroutines;

/* The fatal error for a coroutine that overflowed its C stack. */
void chan_overflow_message(char *buf, size_t len);

#endif
