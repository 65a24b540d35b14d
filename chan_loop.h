/*
 * chan_loop.h - the event loop: timers and I/O readiness, for the scheduler.
 * The second layer of the core (docs/internals.md): it holds waiters
 * (chan_wait.h) and hands them back through chan_loop_on_ready(); it never
 * parks or switches.
 *
 * Policy. One loop per thread (per request) holds every reason a parked
 * context may wake without another coroutine's help: its timer (a min-heap
 * by deadline, FIFO among equal deadlines) and the descriptors it waits on
 * (chan_poll.h: epoll on Linux, poll() elsewhere). The scheduler asks two
 * things: chan_loop_tick(), on every pick, makes runnable whatever is due
 * or ready without waiting; chan_loop_block(), when nothing is runnable,
 * waits for the nearest timer or the first ready descriptor. Due timers are
 * checked on every tick (a clock read); descriptors are polled without
 * waiting on every CHAN_LOOP_POLL_EVERY-th tick while any context waits on
 * one, so coroutines that keep yielding cannot starve a ready stream, and
 * a channel workload with no I/O pays nothing. Waking one of many waiters
 * costs O(1): the poller reports only ready descriptors and each has its
 * own wait queues.
 */
#ifndef CHAN_LOOP_H
#define CHAN_LOOP_H

#include "chan_wait.h"
#include "chan_poll.h"

/* The monotonic clock, in nanoseconds. */
uint64_t chan_now_ns(void);

/* seconds (at least 0) in ns, clamped so that INF is "never" and a
 * deadline of now plus it cannot overflow. */
static zend_always_inline uint64_t chan_seconds_ns(double seconds)
{
	double ns = seconds * 1e9;
	return ns >= 4e18 ? (uint64_t) 4e18 : (uint64_t) ns;
}

/* Adds or removes the current context's timer (co->timer). */
void chan_timer_add(chan_coro *co, double seconds);
void chan_timer_remove(chan_coro *co);

/* A timer of a feature's own (Chan\after(), tick()) on the same heap:
 * when due, the loop takes it off the heap and calls fire() with the
 * deadline it had, which may start it again. Its owner keeps it alive
 * while it is on the heap; at the loop's end it is simply dropped off. */
typedef struct chan_loop_timer {
	void (*fire)(struct chan_loop_timer *t, uint64_t deadline);
	uint32_t slot; /* 1-based slot in the heap, 0: not on it */
} chan_loop_timer;
void chan_loop_timer_start(chan_loop_timer *t, uint64_t deadline);
void chan_loop_timer_stop(chan_loop_timer *t); /* nothing when not on the heap */
/* Fires t now if it is due (a reader looks before the loop has). */
void chan_loop_timer_poll(chan_loop_timer *t);
/* Counts contexts parked on what only a feature's timer may deliver (a
 * receive on a timer channel): the loop waits for those timers only while
 * one is; a tick() nobody waits on never holds off a deadlock. */
void chan_loop_timer_awaited(int delta);

/* A descriptor of a feature's own that no context waits on (Chan\signal()'s
 * pipe): while added, the loop keeps fd armed for reading and calls ready()
 * whenever it is readable (ready() reads it dry), and the program is not
 * deadlocked meanwhile: what ready() delivers may yet wake a context. */
typedef struct chan_loop_source {
	void (*ready)(struct chan_loop_source *s);
	int fd;
} chan_loop_source;
/* false with Chan\Error thrown when no poller could be made or fd refused. */
bool chan_loop_source_add(chan_loop_source *s);
void chan_loop_source_remove(chan_loop_source *s);

/* Makes runnable what is due or ready, without waiting; with no timer
 * and no I/O wait, one test of a flag. */
extern TSRM_TLS bool chan_loop_busy;
void chan_loop_tick_slow(void);
static zend_always_inline void chan_loop_tick(void)
{
	if (UNEXPECTED(chan_loop_busy)) {
		chan_loop_tick_slow();
	}
}

/* Nothing is runnable: waits until a timer is due or a descriptor ready and
 * makes its contexts runnable. false when nothing could ever wake anyone
 * (no timer, no I/O wait): a deadlock. */
bool chan_loop_block(void);

/* Links w into fd's wait queue for events (CHAN_POLL_IN or CHAN_POLL_OUT)
 * and arms the poller: with edge interest registered once per key when key
 * is non-zero and the poller has it (chan_poll.h), else one-shot. Returns 0
 * when w is linked (the caller parks on it, then calls chan_loop_unwatch()),
 * an errno value when the poller refuses fd (EPERM: a regular file, which
 * epoll refuses and poll() calls always ready), or -1 with Chan\Error thrown
 * when no poller could be made. chan_io.h's chan_io_wait() is the verb. */
int chan_loop_watch(int fd, unsigned events, zend_ulong key, chan_waiter *w);
/* The wait chan_loop_watch() began has ended for why (w unlinked). */
void chan_loop_unwatch(int fd, zend_ulong key, chan_wake why);
/* An edge interest whose key has this bit is dropped by the first event
 * that finds no context here waiting on the descriptor: for descriptors
 * other processes post to (SharedChannel's tokens), so that a process that
 * stopped waiting is woken once more at most, not by every post. (A
 * stream's edge interest stays: its data is for this process.) */
#define CHAN_LOOP_KEY_TRANSIENT ((zend_ulong) 1 << (sizeof(zend_ulong) * 8 - 1))
/* Whether fd is ready for events now (poll() with no wait). */
bool chan_io_ready(int fd, unsigned events);

/* fd is being closed: every context waiting on it wakes with
 * CHAN_WAKE_CLOSED and the poller forgets it. */
void chan_loop_closed(int fd);

/* How the loop makes a context runnable: the scheduler's chan_wakeup(),
 * given at MINIT (the loop calls nothing above it). It unlinks every waiter
 * of co and its timer. */
void chan_loop_on_ready(void (*ready)(chan_coro *co, chan_wake why, chan_waiter *fired));

void chan_loop_minit(void);
void chan_loop_rshutdown(void);

#endif
