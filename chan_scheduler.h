/*
 * chan_scheduler.h - coroutines on Zend fiber contexts, driven from C.
 *
 * The third layer of the core (docs/internals.md): it uses the event loop
 * and the stacks below it, and knows no feature by name; a feature learns
 * of a coroutine's end, and supplies the cancellation's exception and the
 * deadlock report, through what it registers at MINIT (chan_coro_listen(),
 * chan_raise_cancelled_with(), chan_report_with()).
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
 * Waiting: chan_wait.h's waiters, parked with chan_wait() and readied
 * with chan_wakeup() below.
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
#include "chan_wait.h"

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

/* Whether another context is runnable now (the run queue is not empty):
 * a wait that could spin had better park and let it run. */
bool chan_others_runnable(void);

/* Current context; main when no coroutine runs. */
chan_coro *chan_current(void);

/* --- what the features above learn of a coroutine ---------------------- */

/* A feature that keeps state on a coroutine (a group's membership, a
 * cancellation) registers a listener at MINIT and sets the bit it got in
 * co->notify while the coroutine holds such state: the core calls it then,
 * in the order of registration, and knows nothing else of the feature. */
typedef struct {
	/* co's function returned or threw, or co ends without having run;
	 * inside co's zend_try, so PHP code may run and fail. */
	void (*ended)(chan_coro *co);
	/* ex escaped co's function: true when the feature takes it (nothing
	 * is aborted), false to pass it on. */
	bool (*threw)(chan_coro *co, zend_object *ex);
} chan_coro_listener;
/* At MINIT: the bit to set in co->notify. */
uint8_t chan_coro_listen(const chan_coro_listener *l);

/* At MINIT: who throws what a context woken with CHAN_WAKE_CANCELLED gets
 * (chan_raise()), and who reports what every context waits on, for the
 * deadlock error and the warning at script end. */
void chan_raise_cancelled_with(void (*raise)(void));
void chan_report_with(void (*report)(smart_str *s, bool main_blocked));

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

/* --- what chan_coroutine.c's Chan\go(), Chan\run() and Coroutine use --- */

/* Runs fci as a coroutine, and every other, until none is left; its return
 * value into return_value. Chan\Error from inside a coroutine; what the
 * wait raises (deadlock, cancellation, ...) is thrown. */
void chan_run(zend_fcall_info *fci, zend_fcall_info_cache *fcc, zval *return_value);
/* Coroutine::drain(): runs what is left at script end. */
void chan_drain_at_shutdown(void);

typedef struct {
	zend_long count, peak, spawned; /* live, most at once, ever started */
	uint64_t switches;
} chan_sched_stats;
chan_sched_stats chan_scheduler_stats(void);

/* The live coroutine with this id (not main), or NULL (chan_scheduler.c). */
chan_coro *chan_coro_find(zend_long id);

/* In a backtrace array of co's (debug_backtrace()'s format), the frame of
 * co's function, which nothing in PHP called, gets the file and line of the
 * go() that created co, as Go's traceback names its "created by"; false
 * when there is no such frame or nothing to name (main). */
bool chan_backtrace_name_creator(zval *trace, const chan_coro *co);

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

#endif
