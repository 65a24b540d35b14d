/*
 * chan_poll.h - readiness of file descriptors, behind the event loop.
 *
 * Two engines implement this one interface, each ending in a const vtable:
 * chan_poll_epoll.c (Linux) and chan_poll_poll.c (any POSIX system). The
 * event loop (chan_loop.c) asks them one thing: which of the descriptors it
 * waits on are ready, waiting no longer than a deadline.
 *
 * Policy: interest is one-shot and level-triggered. arm(fd, events) asks for
 * the next time fd is ready for any of events, replacing what was armed for
 * fd before; readiness that exists when arm() is called is reported by the
 * next wait(), so nothing that happened before the arm is lost. Once
 * reported, fd is disarmed until armed again. That is the shape of the
 * loop's waiters: each wait arms, each wake-up ends a wait. epoll costs one
 * epoll_ctl() per arm and reports only ready descriptors (O(ready) per
 * wait); poll() rescans its array on every wait (O(armed)). An error or a
 * hang-up on fd is reported as every event armed, so the waiter retries its
 * I/O and sees the error itself. forget(fd) must be called before fd is
 * closed while armed.
 *
 * An engine may also offer edge interest, watch(fd): fd stays registered
 * for both directions until arm() or forget(), and every new readiness is
 * reported (new data, freed buffer space, a hang-up), whether a waiter asks
 * or not; readiness that exists at watch() is reported once. A waiter that
 * parks only after its I/O failed with EAGAIN needs nothing more, so from
 * its second park on a descriptor there is no system call at all: that is
 * what the stream helpers do (chan_io.c). arm() on a watched descriptor
 * turns it back into one-shot interest. Registrations carry a generation,
 * so events of a registration left behind by a closed descriptor (its file
 * kept open by a duplicate, a forked child) are dropped, not reported as
 * the reused number's. Neither engine includes a PHP header: they build in
 * plain C (tests/c). One poller is used by one thread.
 */
#ifndef CHAN_POLL_H
#define CHAN_POLL_H

#include <stdbool.h>
#include <stdint.h>

typedef struct chan_poller chan_poller;

enum {
	CHAN_POLL_IN = 1,
	CHAN_POLL_OUT = 2,
};

typedef struct chan_poll_event {
	int fd;
	unsigned events; /* CHAN_POLL_IN | CHAN_POLL_OUT */
} chan_poll_event;

typedef struct chan_poll_ops {
	const char *name;
	/* NULL with errno set when the kernel refuses. */
	chan_poller *(*create)(void);
	/* false with errno set (EBADF: fd is not open). */
	bool (*arm)(chan_poller *p, int fd, unsigned events);
	/* NULL when the engine has no edge interest; false with errno. */
	bool (*watch)(chan_poller *p, int fd);
	void (*forget)(chan_poller *p, int fd);
	/* Up to max ready descriptors into ev; timeout_ns < 0 waits until one
	 * is ready, 0 only looks. The count, or -1 with errno (EINTR too). */
	int (*wait)(chan_poller *p, chan_poll_event *ev, int max, int64_t timeout_ns);
	void (*destroy)(chan_poller *p);
} chan_poll_ops;

extern const chan_poll_ops chan_poll_poll;
#ifdef __linux__
extern const chan_poll_ops chan_poll_epoll;
#endif

/* Milliseconds for poll()/epoll_wait(), rounded up so that a deadline is
 * never woken early. */
static inline int chan_poll_ms(int64_t timeout_ns)
{
	if (timeout_ns < 0) {
		return -1;
	}
	int64_t ms = (timeout_ns + 999999) / 1000000;
	return ms > 0x7fffffff ? 0x7fffffff : (int) ms;
}

#endif
