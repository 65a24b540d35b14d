/*
 * chan_poll_epoll.c - the Linux poller: epoll with one-shot interest.
 *
 * EPOLLONESHOT keeps a descriptor registered after it fires but disabled,
 * so arming it again is one EPOLL_CTL_MOD; level-triggered, so readiness
 * that predates the arm is reported at once. The registered and armed state
 * of each descriptor is kept in an array indexed by descriptor, which also
 * tells ADD from MOD and which events to report on an error or hang-up.
 */
#ifdef __linux__

#include "chan_poll.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

enum { EP_REGISTERED = 4 }; /* beside CHAN_POLL_IN/OUT: what is armed */

struct chan_poller {
	int epfd;
	unsigned char *fds; /* per descriptor: EP_REGISTERED | armed events */
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
	unsigned char *fds = realloc(p->fds, n);
	if (!fds) {
		errno = ENOMEM;
		return false;
	}
	memset(fds + p->nfds, 0, n - p->nfds);
	p->fds = fds;
	p->nfds = n;
	return true;
}

static bool ep_arm(chan_poller *p, int fd, unsigned events)
{
	if (fd < 0) {
		errno = EBADF;
		return false;
	}
	if (!ep_grow(p, fd)) {
		return false;
	}
	struct epoll_event ev = {.events = EPOLLONESHOT, .data.fd = fd};
	if (events & CHAN_POLL_IN) {
		ev.events |= EPOLLIN | EPOLLRDHUP;
	}
	if (events & CHAN_POLL_OUT) {
		ev.events |= EPOLLOUT;
	}
	int op = (p->fds[fd] & EP_REGISTERED) ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
	if (epoll_ctl(p->epfd, op, fd, &ev) != 0) {
		/* MOD of a descriptor closed and reused since: ADD; ADD of one
		 * registered under a number we forgot: MOD. */
		if (!(op == EPOLL_CTL_MOD && errno == ENOENT) && !(op == EPOLL_CTL_ADD && errno == EEXIST)) {
			return false;
		}
		op = op == EPOLL_CTL_MOD ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
		if (epoll_ctl(p->epfd, op, fd, &ev) != 0) {
			return false;
		}
	}
	p->fds[fd] = (unsigned char) (EP_REGISTERED | (events & (CHAN_POLL_IN | CHAN_POLL_OUT)));
	return true;
}

static void ep_forget(chan_poller *p, int fd)
{
	if (fd >= 0 && (size_t) fd < p->nfds && p->fds[fd]) {
		epoll_ctl(p->epfd, EPOLL_CTL_DEL, fd, NULL);
		p->fds[fd] = 0;
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
		int fd = evs[i].data.fd;
		unsigned armed = (size_t) fd < p->nfds ? p->fds[fd] & (CHAN_POLL_IN | CHAN_POLL_OUT) : 0;
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
		p->fds[fd] &= (unsigned char) ~(CHAN_POLL_IN | CHAN_POLL_OUT); /* one-shot: disarmed */
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
    .forget = ep_forget,
    .wait = ep_wait,
    .destroy = ep_destroy,
};

#endif
