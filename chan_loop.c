/*
 * chan_loop.c - the event loop: the timer heap and I/O waits. The policy is
 * in chan_loop.h, the pollers in chan_poll_*.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_loop.h"
#include "zend_exceptions.h"

#include <errno.h>
#ifdef PHP_WIN32
#include <windows.h>
#else
#include <poll.h>
#include <pthread.h>
#include <time.h>
#endif

/* Ticks between two looks at the descriptors while some context waits on
 * one: often enough that a ready stream waits at most a few dozen switches
 * behind coroutines that keep yielding, rarely enough that the syscall
 * stays out of the cost of a switch. */
#define CHAN_LOOP_POLL_EVERY 61

/* A heap entry: a parked context's timer, or a feature's (chan_loop_timer,
 * marked by bit 0 of seq, so that an entry stays 24 bytes). */
typedef struct chan_timer {
	uint64_t deadline; /* ns on the monotonic clock */
	uint64_t seq;      /* FIFO among equal deadlines; bit 0: a feature's */
	void *who;         /* chan_coro, or chan_loop_timer when bit 0 is set */
} chan_timer;

#define TIMER_FEATURE 1u

/* The contexts waiting on one descriptor. Records never move (the waiters
 * point at their queues), so the table holds pointers. */
typedef struct chan_fdrec {
	chan_waitq readers, writers;
	zend_ulong watched;       /* the key of the edge interest held on fd, 0: none */
	chan_loop_source *source; /* a feature's descriptor: readable calls it */
} chan_fdrec;

/* The scheduler's chan_wakeup() (chan_loop_on_ready()). */
static void (*loop_ready)(chan_coro *co, chan_wake why, chan_waiter *fired);

ZEND_TLS struct {
	chan_timer *heap;
	uint32_t heap_len, heap_cap;
	uint64_t timer_seq;
	uint32_t feature_timers; /* entries of the features' timers on the heap */
	uint32_t awaited;        /* contexts parked on what only those deliver */
	const chan_poll_ops *ops;
	chan_poller *poller;
	chan_fdrec **fds;
	uint32_t nfds;
	uint32_t io_waiting; /* contexts parked on a descriptor */
	uint32_t sources;    /* features' descriptors (chan_loop_source) */
	uint32_t ticks;
} L;

TSRM_TLS bool chan_loop_busy;

/* Set in a child of fork(): the poller (an epoll instance) is the parent's
 * too, and events on it would go to whichever process looks first. */
static volatile bool chan_loop_forked;

#ifndef PHP_WIN32
static void chan_loop_atfork_child(void)
{
	chan_loop_forked = true;
}
#endif

static void loop_busy_update(void)
{
	chan_loop_busy = L.heap_len || L.io_waiting || L.sources;
}

/* --- clock and timers ------------------------------------------------- */

uint64_t chan_now_ns(void)
{
#ifdef PHP_WIN32
	static LARGE_INTEGER freq;
	LARGE_INTEGER now;
	if (!freq.QuadPart) {
		QueryPerformanceFrequency(&freq);
	}
	QueryPerformanceCounter(&now);
	return (uint64_t) ((double) now.QuadPart * 1e9 / (double) freq.QuadPart);
#else
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
#endif
}

static zend_always_inline bool timer_less(const chan_timer *a, const chan_timer *b)
{
	return a->deadline < b->deadline || (a->deadline == b->deadline && a->seq < b->seq);
}

static zend_always_inline void timer_place(uint32_t i, chan_timer t)
{
	L.heap[i] = t;
	if (UNEXPECTED(t.seq & TIMER_FEATURE)) {
		((chan_loop_timer *) t.who)->slot = i + 1;
	} else {
		((chan_coro *) t.who)->timer = i + 1;
	}
}

static void timer_sift_up(uint32_t i, chan_timer t)
{
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;
		if (!timer_less(&t, &L.heap[parent])) {
			break;
		}
		timer_place(i, L.heap[parent]);
		i = parent;
	}
	timer_place(i, t);
}

static void timer_sift_down(uint32_t i, chan_timer t)
{
	for (;;) {
		uint32_t child = 2 * i + 1;
		if (child >= L.heap_len) {
			break;
		}
		if (child + 1 < L.heap_len && timer_less(&L.heap[child + 1], &L.heap[child])) {
			child++;
		}
		if (!timer_less(&L.heap[child], &t)) {
			break;
		}
		timer_place(i, L.heap[child]);
		i = child;
	}
	timer_place(i, t);
}

static zend_always_inline void timer_push(uint64_t deadline, void *who, uint64_t kind)
{
	L.feature_timers += (uint32_t) kind;
	if (L.heap_len == L.heap_cap) {
		L.heap_cap = L.heap_cap ? L.heap_cap * 2 : 16;
		L.heap = safe_erealloc(L.heap, L.heap_cap, sizeof(chan_timer), 0);
	}
	chan_timer t = {deadline, (L.timer_seq++ << 1) | kind, who};
	timer_sift_up(L.heap_len++, t);
	chan_loop_busy = true;
}

/* Takes slot i (0-based) off the heap. */
static zend_always_inline void timer_take(uint32_t i)
{
	L.feature_timers -= (uint32_t) (L.heap[i].seq & TIMER_FEATURE);
	chan_timer last = L.heap[--L.heap_len];
	if (i < L.heap_len) {
		if (i > 0 && timer_less(&last, &L.heap[(i - 1) / 2])) {
			timer_sift_up(i, last);
		} else {
			timer_sift_down(i, last);
		}
	}
	if (L.heap_cap > 64 && L.heap_len < L.heap_cap / 4) { /* 100,000 after() channels, then none */
		L.heap_cap /= 2;
		L.heap = safe_erealloc(L.heap, L.heap_cap, sizeof(chan_timer), 0);
	}
	loop_busy_update();
}

void chan_timer_add(chan_coro *co, double seconds)
{
	timer_push(chan_now_ns() + chan_seconds_ns(seconds), co, 0);
}

void chan_timer_remove(chan_coro *co)
{
	uint32_t i = co->timer - 1;
	co->timer = 0;
	timer_take(i);
}

void chan_loop_timer_start(chan_loop_timer *t, uint64_t deadline)
{
	timer_push(deadline, t, TIMER_FEATURE);
}

void chan_loop_timer_stop(chan_loop_timer *t)
{
	if (t->slot) {
		uint32_t i = t->slot - 1;
		t->slot = 0;
		timer_take(i);
	}
}

/* Takes the due entry in slot i off the heap and wakes or fires it. */
static zend_always_inline void timer_fire(uint32_t i)
{
	chan_timer t = L.heap[i];
	if (t.seq & TIMER_FEATURE) {
		chan_loop_timer *ft = t.who;
		ft->slot = 0;
		timer_take(i);
		ft->fire(ft, t.deadline);
	} else {
		loop_ready(t.who, CHAN_WAKE_TIMEOUT, NULL); /* removes the timer */
	}
}

void chan_loop_timer_awaited(int delta)
{
	L.awaited += (uint32_t) delta;
}

void chan_loop_timer_poll(chan_loop_timer *t)
{
	if (t->slot && L.heap[t->slot - 1].deadline <= chan_now_ns()) {
		timer_fire(t->slot - 1);
	}
}

/* Wakes every coroutine whose timer is due, in deadline order. */
static void timers_fire(uint64_t now)
{
	while (L.heap_len && L.heap[0].deadline <= now) {
		timer_fire(0);
	}
}

/* Nanoseconds until the nearest timer (0 if due), -1 with no timer. */
static int64_t timers_next(void)
{
	if (!L.heap_len) {
		return -1;
	}
	uint64_t now = chan_now_ns(), due = L.heap[0].deadline;
	return due > now ? (int64_t) (due - now) : 0;
}

static void sleep_ns(int64_t ns)
{
	if (ns <= 0) {
		return;
	}
#ifdef PHP_WIN32
	Sleep((DWORD) ((ns + 999999) / 1000000));
#else
	struct timespec ts = {(time_t) (ns / 1000000000), (long) (ns % 1000000000)};
	nanosleep(&ts, NULL);
#endif
}

/* --- descriptors ------------------------------------------------------ */

static void wake_all(chan_waitq *q, chan_wake why)
{
	while (q->head) {
		chan_waiter *w = q->head;
		loop_ready(w->coro, why, w); /* unlinks w */
	}
}

static unsigned fdrec_wants(const chan_fdrec *r)
{
	return (r->readers.len || r->source ? CHAN_POLL_IN : 0) | (r->writers.len ? CHAN_POLL_OUT : 0);
}

static void loop_after_fork(void);

/* Looks at the descriptors, waiting up to timeout_ns, and wakes the
 * contexts of the ready ones. */
static void io_poll(int64_t timeout_ns)
{
	if (UNEXPECTED(chan_loop_forked)) {
		loop_after_fork();
	}
	chan_poll_event ev[64];
	int n = L.ops->wait(L.poller, ev, 64, timeout_ns);
	for (int i = 0; i < n; i++) {
		int fd = ev[i].fd;
		chan_fdrec *r = (uint32_t) fd < L.nfds ? L.fds[fd] : NULL;
		if (!r) {
			continue;
		}
		if ((r->watched & CHAN_LOOP_KEY_TRANSIENT) && !r->readers.len && !r->writers.len) {
			L.ops->forget(L.poller, fd); /* nobody here waits on it any more */
			r->watched = 0;
			continue;
		}
		if (ev[i].events & CHAN_POLL_IN) {
			wake_all(&r->readers, CHAN_WAKE_OK);
			if (r->source) {
				r->source->ready(r->source);
			}
		}
		if (ev[i].events & CHAN_POLL_OUT) {
			wake_all(&r->writers, CHAN_WAKE_OK);
		}
		unsigned still = r->watched ? 0 : fdrec_wants(r); /* one-shot: the other direction's */
		if (still) {
			L.ops->arm(L.poller, fd, still);
		}
	}
}

void chan_loop_tick_slow(void)
{
	if (L.heap_len) {
		timers_fire(chan_now_ns());
	}
	if ((L.io_waiting || L.sources) && ++L.ticks >= CHAN_LOOP_POLL_EVERY) {
		L.ticks = 0;
		io_poll(0);
	}
}

bool chan_loop_block(void)
{
	bool timers = L.heap_len > L.feature_timers || (L.feature_timers && L.awaited);
	if (!timers && !L.io_waiting && !L.sources) {
		return false;
	}
	int64_t timeout = timers_next();
	if (L.io_waiting || L.sources) {
		L.ticks = 0;
		io_poll(timeout);
	} else {
		sleep_ns(timeout);
	}
	if (L.heap_len) {
		timers_fire(chan_now_ns());
	}
	return true;
}

static bool loop_poller(void);

/* In a child of fork(): a poller of its own, armed again for every
 * descriptor a context still waits on (the parent's is left alone). */
static void loop_after_fork(void)
{
	chan_loop_forked = false;
	if (!L.poller) {
		return;
	}
	L.ops->destroy(L.poller); /* closes our copy of the descriptor only */
	L.poller = NULL;
	if (!loop_poller()) {
		zend_clear_exception();
		return;
	}
	for (uint32_t fd = 0; fd < L.nfds; fd++) {
		if (!L.fds[fd]) {
			continue;
		}
		L.fds[fd]->watched = 0;
		unsigned wants = fdrec_wants(L.fds[fd]);
		if (wants) {
			L.ops->arm(L.poller, (int) fd, wants);
		}
	}
}

static bool loop_poller(void)
{
	if (UNEXPECTED(chan_loop_forked)) {
		loop_after_fork();
	}
	if (L.poller) {
		return true;
	}
#ifdef __linux__
	L.ops = &chan_poll_epoll;
#else
	L.ops = &chan_poll_poll;
#endif
	L.poller = L.ops->create();
	if (!L.poller) {
		zend_throw_error(chan_ce_error, "Cannot create the %s poller: %s", L.ops->name, strerror(errno));
		return false;
	}
	return true;
}

/* The poller, when this process has one of its own. In a child of fork()
 * the parent's is replaced first: it is the parent's epoll instance too,
 * and a forget() there takes the parent's registration away (a child that
 * ended without ever waiting took its parent's wake-ups with it). */
static chan_poller *loop_own_poller(void)
{
	if (UNEXPECTED(chan_loop_forked)) {
		loop_after_fork();
	}
	return L.poller;
}

static chan_fdrec *loop_fdrec(int fd)
{
	if ((uint32_t) fd >= L.nfds) {
		uint32_t n = L.nfds ? L.nfds : 64;
		while (n <= (uint32_t) fd) {
			n *= 2;
		}
		L.fds = safe_erealloc(L.fds, n, sizeof(chan_fdrec *), 0);
		memset(L.fds + L.nfds, 0, (n - L.nfds) * sizeof(chan_fdrec *));
		L.nfds = n;
	}
	if (!L.fds[fd]) {
		L.fds[fd] = ecalloc(1, sizeof(chan_fdrec));
	}
	return L.fds[fd];
}

int chan_loop_watch(int fd, unsigned events, zend_ulong key, chan_waiter *w)
{
	if (!loop_poller()) {
		return -1;
	}
	chan_fdrec *r = loop_fdrec(fd);
	bool edge = key && L.ops->watch;
	chan_waitq_push((events & CHAN_POLL_IN) ? &r->readers : &r->writers, w);
	if (edge ? r->watched != key && !L.ops->watch(L.poller, fd) : !L.ops->arm(L.poller, fd, fdrec_wants(r))) {
		int err = errno ? errno : EINVAL;
		chan_waitq_remove(w);
		r->watched = 0;
		return err;
	}
	r->watched = edge ? key : 0;
	L.io_waiting++;
	chan_loop_busy = true;
	return 0;
}

void chan_loop_unwatch(int fd, zend_ulong key, chan_wake why)
{
	L.io_waiting--;
	loop_busy_update();
	chan_fdrec *r = (uint32_t) fd < L.nfds ? L.fds[fd] : NULL;
	bool edge = key && L.ops->watch;
	if (r && !edge && why != CHAN_WAKE_OK && why != CHAN_WAKE_CLOSED && !r->watched && loop_own_poller()) {
		/* No event used up the arm (a timeout, a cancel): take it back, so
		 * that no registration stays armed for a descriptor nobody waits
		 * on (it could outlive the descriptor through a duplicate). */
		unsigned still = fdrec_wants(r);
		if (still) {
			L.ops->arm(L.poller, fd, still);
		} else {
			L.ops->forget(L.poller, fd);
		}
	}
}

bool chan_loop_source_add(chan_loop_source *s)
{
	if (!loop_poller()) {
		return false;
	}
	chan_fdrec *r = loop_fdrec(s->fd);
	r->source = s;
	if (!L.ops->arm(L.poller, s->fd, fdrec_wants(r))) {
		r->source = NULL;
		zend_throw_error(chan_ce_error, "Cannot watch descriptor %d: %s", s->fd, strerror(errno));
		return false;
	}
	L.sources++;
	chan_loop_busy = true;
	return true;
}

void chan_loop_source_remove(chan_loop_source *s)
{
	chan_fdrec *r = L.fds[s->fd];
	r->source = NULL;
	L.sources--;
	loop_busy_update();
	if (loop_own_poller()) {
		unsigned still = fdrec_wants(r);
		if (still) {
			L.ops->arm(L.poller, s->fd, still);
		} else {
			L.ops->forget(L.poller, s->fd);
		}
	}
}

bool chan_io_ready(int fd, unsigned events)
{
#ifdef PHP_WIN32
	return true;
#else
	struct pollfd p = {.fd = fd,
	                   .events =
	                       (short) (((events & CHAN_POLL_IN) ? POLLIN : 0) | ((events & CHAN_POLL_OUT) ? POLLOUT : 0))};
	return poll(&p, 1, 0) > 0;
#endif
}

void chan_loop_closed(int fd)
{
	if (fd < 0 || (uint32_t) fd >= L.nfds || !L.fds[fd]) {
		return;
	}
	wake_all(&L.fds[fd]->readers, CHAN_WAKE_CLOSED);
	wake_all(&L.fds[fd]->writers, CHAN_WAKE_CLOSED);
	L.fds[fd]->watched = 0;
	if (loop_own_poller()) {
		L.ops->forget(L.poller, fd);
	}
}

/* --- module hooks ------------------------------------------------------- */

void chan_loop_on_ready(void (*ready)(chan_coro *co, chan_wake why, chan_waiter *fired))
{
	loop_ready = ready;
}

void chan_loop_minit(void)
{
#ifndef PHP_WIN32
	pthread_atfork(NULL, NULL, chan_loop_atfork_child);
#endif
}

void chan_loop_rshutdown(void)
{
	for (uint32_t i = 0; i < L.nfds; i++) {
		if (L.fds[i]) {
			efree(L.fds[i]);
		}
	}
	if (L.fds) {
		efree(L.fds);
	}
	if (L.heap) {
		for (uint32_t i = 0; i < L.heap_len; i++) { /* their owners outlive the loop */
			if (L.heap[i].seq & TIMER_FEATURE) {
				((chan_loop_timer *) L.heap[i].who)->slot = 0;
			}
		}
		efree(L.heap);
	}
	if (L.poller) {
		L.ops->destroy(L.poller);
	}
	memset(&L, 0, sizeof(L));
	chan_loop_busy = false;
}
