/*
 * chan_poll_epoll.c - the Linux poller: epoll, one-shot or edge-triggered.
 *
 * One-shot interest is EPOLLONESHOT, level-triggered: the descriptor stays
 * registered after it fires but disabled, so arming it again is one
 * EPOLL_CTL_MOD, and readiness that predates the arm is reported at once.
 * Edge interest is EPOLLET for both directions, registered once: epoll
 * queues an event on every wake-up of the file (each new segment, each
 * freed buffer), so a waiter that saw EAGAIN misses nothing. The state of
 * each descriptor is kept in an array indexed by descriptor: registered or
 * not, the mode, what is armed, and the generation carried in the event's
 * data beside the descriptor, which tells a stale registration's events
 * from the current one's.
 */
#ifdef __linux__

#include "chan_poll.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

enum {
	/* beside CHAN_POLL_IN/OUT, what is armed */
	EP_REGISTERED = 4,
	EP_EDGE = 8,
};

typedef struct ep_fd {
	uint32_t gen; /* of the current registration */
	uint8_t state;
} ep_fd;

struct chan_poller {
	int epfd;
	ep_fd *fds;
	size_t nfds;
};

static chan_poller *ep_create(void)
{
	chan_poller *p = calloc(1, sizeof(*p));
	if (!p) {
		return NULL;
	}
	p->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (p->epfd < 0) {
		int e = errno;
		free(p);
		errno = e;
		return NULL;
	}
	return p;
}

static bool ep_grow(chan_poller *p, int fd)
{
	if ((size_t) fd < p->nfds) {
		return true;
	}
	size_t n = p->nfds ? p->nfds : 64;
	while (n <= (size_t) fd) {
		n *= 2;
	}
	ep_fd *fds = realloc(p->fds, n * sizeof(*fds));
	if (!fds) {
		errno = ENOMEM;
		return false;
	}
	memset(fds + p->nfds, 0, (n - p->nfds) * sizeof(*fds));
	p->fds = fds;
	p->nfds = n;
	return true;
}

/* Registers fd with events (EPOLL* bits), as ADD or MOD as our state says,
 * falling back to the other where the state is stale: MOD of a descriptor
 * closed and reused since gives ENOENT, ADD of one registered under a
 * number we forgot gives EEXIST. Every ADD starts a new generation. */
static bool ep_register(chan_poller *p, int fd, uint32_t events, uint8_t state)
{
	if (fd < 0) {
		errno = EBADF;
		return false;
	}
	if (!ep_grow(p, fd)) {
		return false;
	}
	ep_fd *f = &p->fds[fd];
	int op = (f->state & EP_REGISTERED) ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
	for (int tries = 0;; tries++) {
		uint32_t gen = op == EPOLL_CTL_ADD ? f->gen + 1 : f->gen;
		struct epoll_event ev = {.events = events, .data.u64 = (uint64_t) gen << 32 | (uint32_t) fd};
		if (epoll_ctl(p->epfd, op, fd, &ev) == 0) {
			f->gen = gen;
			break;
		}
		if (tries || !((op == EPOLL_CTL_MOD && errno == ENOENT) || (op == EPOLL_CTL_ADD && errno == EEXIST))) {
			return false;
		}
		op = op == EPOLL_CTL_MOD ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
	}
	f->state = (uint8_t) (EP_REGISTERED | state);
	return true;
}

static bool ep_arm(chan_poller *p, int fd, unsigned events)
{
	uint32_t ev = EPOLLONESHOT;
	if (events & CHAN_POLL_IN) {
		ev |= EPOLLIN | EPOLLRDHUP;
	}
	if (events & CHAN_POLL_OUT) {
		ev |= EPOLLOUT;
	}
	return ep_register(p, fd, ev, (uint8_t) (events & (CHAN_POLL_IN | CHAN_POLL_OUT)));
}

static bool ep_watch(chan_poller *p, int fd)
{
	return ep_register(p, fd, EPOLLET | EPOLLIN | EPOLLRDHUP | EPOLLOUT, EP_EDGE | CHAN_POLL_IN | CHAN_POLL_OUT);
}

static void ep_forget(chan_poller *p, int fd)
{
	if (fd >= 0 && (size_t) fd < p->nfds && p->fds[fd].state) {
		epoll_ctl(p->epfd, EPOLL_CTL_DEL, fd, NULL);
		p->fds[fd].state = 0;
	}
}

static int ep_wait(chan_poller *p, chan_poll_event *out, int max, int64_t timeout_ns)
{
	struct epoll_event evs[64];
	if (max > 64) {
		max = 64;
	}
	int n = epoll_wait(p->epfd, evs, max, chan_poll_ms(timeout_ns));
	int k = 0;
	for (int i = 0; i < n; i++) {
		int fd = (int) (uint32_t) evs[i].data.u64;
		ep_fd *f = (size_t) fd < p->nfds ? &p->fds[fd] : NULL;
		if (!f || !(f->state & EP_REGISTERED) || f->gen != (uint32_t) (evs[i].data.u64 >> 32)) {
			continue; /* a registration we no longer hold */
		}
		unsigned armed = f->state & (CHAN_POLL_IN | CHAN_POLL_OUT);
		unsigned got = 0;
		if (evs[i].events & (EPOLLERR | EPOLLHUP)) {
			got = armed;
		} else {
			if (evs[i].events & (EPOLLIN | EPOLLRDHUP)) {
				got |= CHAN_POLL_IN;
			}
			if (evs[i].events & EPOLLOUT) {
				got |= CHAN_POLL_OUT;
			}
			got &= armed;
		}
		if (!got) {
			continue;
		}
		if (!(f->state & EP_EDGE)) {
			f->state &= (uint8_t) ~(CHAN_POLL_IN | CHAN_POLL_OUT); /* one-shot: disarmed */
		}
		out[k].fd = fd;
		out[k].events = got;
		k++;
	}
	return n < 0 ? -1 : k;
}

static void ep_destroy(chan_poller *p)
{
	close(p->epfd);
	free(p->fds);
	free(p);
}

const chan_poll_ops chan_poll_epoll = {
    .name = "epoll",
    .create = ep_create,
    .arm = ep_arm,
    .watch = ep_watch,
    .forget = ep_forget,
    .wait = ep_wait,
    .destroy = ep_destroy,
};

#endif
