/*
 * chan_wait.h - the types of waiting: a coroutine's handle, why it woke,
 * waiters and wait queues. The bottom layer of the core (docs/internals.md):
 * data and inline list operations only, no PHP-facing code and no verb
 * that switches. The event loop (chan_loop.h) links waiters and hands them
 * to whoever readies them; the scheduler (chan_scheduler.h) parks and
 * readies coroutines; every feature above builds its waits from these.
 *
 * A blocked coroutine is linked into one or more wait queues (channels,
 * wait groups, descriptors) through chan_waiter nodes that live on its own
 * C stack, and optionally into the timer heap. Whoever wakes it unlinks all
 * of them, so a wake-up happens exactly once and costs O(nodes).
 */
#ifndef CHAN_WAIT_H
#define CHAN_WAIT_H

#include "php.h"
#include "zend_fibers.h"

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
	CHAN_WAKE_SIGNAL,    /* a signal handler that ran while it waited threw */
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
	uint8_t notify;      /* the features to tell when it ends (chan_coro_listen()) */
	/* cold */
	zend_long id;
	chan_coro *live_prev, *live_next;
	zend_fcall_info_cache fcc;
	zval fn;
	zval *argv;
	uint32_t argc;
	HashTable *named;
	zval retval;
	zend_string *created_file; /* where go() was called (the scheduler holds it) */
	uint32_t created_line;
	/* owned by the features above the core, which it never reads */
	zend_object *cancelled; /* chan_cancel.c: the CancelledException delivered last */
	zend_object *local;     /* chan_local.c: Coroutine::local(), made on first use */
	chan_group *group;      /* chan_group.c: the Chan\Group it is a member of */
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

#endif
