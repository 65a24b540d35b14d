/*
 * chan_io.h - parking a context on a descriptor: the verb every feature that
 * waits on I/O uses (chan_io.c's Coroutine::waitReadable(), the stream
 * hooks, SharedChannel's wake-up pipe). It joins the two layers below: the
 * event loop links the waiter (chan_loop_watch()) and the scheduler parks
 * on it (chan_wait()).
 */
#ifndef CHAN_IO_H
#define CHAN_IO_H

#include "chan_scheduler.h"
#include "chan_loop.h"

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

#endif
