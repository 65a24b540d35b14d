/*
 * chan_poll_poll.c - the portable poller: poll() over the armed
 * descriptors.
 *
 * The armed descriptors are kept dense in one pollfd array (a descriptor's
 * slot is found through an index by descriptor), so every wait is one
 * poll() over exactly the descriptors waited on; a reported descriptor
 * leaves the array (one-shot). Used where there is no epoll.
 */
#include "chan_poll.h"

#include <errno.h>
#include <stdlib.h>
#ifdef _WIN32
#include <winsock2.h> /* sockets only */
#define poll(fds, n, ms) WSAPoll((fds), (ULONG) (n), (ms))
typedef ULONG nfds_t;
#else
#include <poll.h>
#endif
#include <string.h>

struct chan_poller {
	struct pollfd *set; /* the armed descriptors, dense */
	size_t len, cap;
	int *slot; /* per descriptor: its index in set, or -1 */
	size_t nslots;
};

static chan_poller *pl_create(void)
{
	return calloc(1, sizeof(chan_poller));
}

static bool pl_grow_slots(chan_poller *p, int fd)
{
	if ((size_t) fd < p->nslots) {
		return true;
	}
	size_t n = p->nslots ? p->nslots : 64;
	while (n <= (size_t) fd) {
		n *= 2;
	}
	int *slot = realloc(p->slot, n * sizeof(int));
	if (!slot) {
		errno = ENOMEM;
		return false;
	}
	for (size_t i = p->nslots; i < n; i++) {
		slot[i] = -1;
	}
	p->slot = slot;
	p->nslots = n;
	return true;
}

static bool pl_arm(chan_poller *p, int fd, unsigned events)
{
	if (fd < 0) {
		errno = EBADF;
		return false;
	}
	if (!pl_grow_slots(p, fd)) {
		return false;
	}
	short want = (short) (((events & CHAN_POLL_IN) ? POLLIN : 0) | ((events & CHAN_POLL_OUT) ? POLLOUT : 0));
	int i = p->slot[fd];
	if (i < 0) {
		if (p->len == p->cap) {
			size_t cap = p->cap ? p->cap * 2 : 64;
			struct pollfd *set = realloc(p->set, cap * sizeof(struct pollfd));
			if (!set) {
				errno = ENOMEM;
				return false;
			}
			p->set = set;
			p->cap = cap;
		}
		i = (int) p->len++;
		p->slot[fd] = i;
	}
	p->set[i] = (struct pollfd){.fd = fd, .events = want};
	return true;
}

static void pl_remove(chan_poller *p, size_t i)
{
	p->slot[p->set[i].fd] = -1;
	if (i != --p->len) {
		p->set[i] = p->set[p->len];
		p->slot[p->set[i].fd] = (int) i;
	}
}

static void pl_forget(chan_poller *p, int fd)
{
	if (fd >= 0 && (size_t) fd < p->nslots && p->slot[fd] >= 0) {
		pl_remove(p, (size_t) p->slot[fd]);
	}
}

static int pl_wait(chan_poller *p, chan_poll_event *out, int max, int64_t timeout_ns)
{
	int n = poll(p->set, (nfds_t) p->len, chan_poll_ms(timeout_ns));
	if (n <= 0) {
		return n;
	}
	int k = 0;
	for (size_t i = 0; i < p->len && k < max;) {
		short re = p->set[i].revents;
		if (!re) {
			i++;
			continue;
		}
		short want = p->set[i].events;
		unsigned got = 0;
		if (re & (POLLERR | POLLHUP | POLLNVAL)) {
			re = want; /* the waiter's own I/O sees the error */
		}
		if (re & want & POLLIN) {
			got |= CHAN_POLL_IN;
		}
		if (re & want & POLLOUT) {
			got |= CHAN_POLL_OUT;
		}
		if (!got) {
			i++;
			continue;
		}
		out[k].fd = p->set[i].fd;
		out[k].events = got;
		k++;
		pl_remove(p, i); /* one-shot; the last slot moved into i */
	}
	return k;
}

static void pl_destroy(chan_poller *p)
{
	free(p->set);
	free(p->slot);
	free(p);
}

const chan_poll_ops chan_poll_poll = {
    .name = "poll",
    .create = pl_create,
    .arm = pl_arm,
    .forget = pl_forget,
    .wait = pl_wait,
    .destroy = pl_destroy,
};
