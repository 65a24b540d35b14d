/*
 * chan_loop.h - the event loop: timers and I/O readiness, for the scheduler.
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

#include "chan_scheduler.h"
#include "chan_poll.h"

/* The monotonic clock, in nanoseconds. */
uint64_t chan_now_ns(void);

/* Adds or removes the current context's timer (co->timer). */
void chan_timer_add(chan_coro *co, double seconds);
void chan_timer_remove(chan_coro *co);

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

/* Parks the current context until fd is ready for events (CHAN_POLL_IN or
 * CHAN_POLL_OUT), with a timeout in seconds (< 0: none). CHAN_WAKE_OK when
 * ready, CHAN_WAKE_CLOSED when the descriptor was closed meanwhile
 * (chan_loop_closed()); CHAN_WAKE_TIMEOUT; or another reason for
 * chan_raise(). false with an exception thrown when fd cannot be waited
 * on. */
bool chan_io_wait(int fd, unsigned events, double timeout, chan_wake *why);

/* The same for a caller whose I/O on fd has just failed with EAGAIN (and
 * that does not switch in between): it parks on edge interest
 * (chan_poll.h), registered once per key, so a stream's second and later
 * waits cost no system call. key identifies the open descriptor behind fd
 * (a stream resource's handle, never reused within a request), so that a
 * number reused by a descriptor opened since is registered anew. Falls
 * back to chan_io_wait() where the poller has no edge interest. */
bool chan_io_wait_edge(int fd, unsigned events, zend_ulong key, double timeout, chan_wake *why);

/* Whether fd is ready for events now (poll() with no wait). */
bool chan_io_ready(int fd, unsigned events);

/* fd is being closed: every context waiting on it wakes with
 * CHAN_WAKE_CLOSED and the poller forgets it. */
void chan_loop_closed(int fd);

void chan_loop_minit(void);
void chan_loop_rshutdown(void);

#endif
