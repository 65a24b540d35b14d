/*
 * chan_mutex.c - bounded ring under one mutex.
 *
 * The simple engine: every operation takes the lock, so it is trivially
 * linearizable and FIFO. Under contention threads sleep in the kernel
 * instead of spinning on compare-and-swap, which is what the published
 * "mutex wins at high concurrency" claim is about. pthread on POSIX, an
 * SRWLOCK on Windows (no allocation, no teardown).
 */
#include "chan_queue.h"

#include <stdlib.h>

#ifdef _WIN32
#include <windows.h>
typedef SRWLOCK chan_lock;
#define chan_lock_init(l)    InitializeSRWLock(l)
#define chan_lock_acquire(l) AcquireSRWLockExclusive(l)
#define chan_lock_release(l) ReleaseSRWLockExclusive(l)
#define chan_lock_destroy(l) ((void) 0)
#else
#include <pthread.h>
typedef pthread_mutex_t chan_lock;
#define chan_lock_init(l)    pthread_mutex_init((l), NULL)
#define chan_lock_acquire(l) pthread_mutex_lock(l)
#define chan_lock_release(l) pthread_mutex_unlock(l)
#define chan_lock_destroy(l) pthread_mutex_destroy(l)
#endif

struct chan_queue {
	chan_lock lock;
	size_t head; /* index of the oldest value */
	size_t len;
	size_t cap;
	chan_slot slots[];
};

static chan_queue *mx_create(size_t capacity)
{
	if (capacity == 0 || capacity > (SIZE_MAX - sizeof(chan_queue)) / sizeof(chan_slot)) {
		return NULL;
	}
	chan_queue *q = calloc(1, sizeof(chan_queue) + capacity * sizeof(chan_slot));
	if (!q) {
		return NULL;
	}
	chan_lock_init(&q->lock);
	q->cap = capacity;
	return q;
}

static bool mx_push(chan_queue *q, const chan_slot *in)
{
	bool ok = false;
	chan_lock_acquire(&q->lock);
	if (q->len < q->cap) {
		size_t tail = q->head + q->len;
		if (tail >= q->cap) {
			tail -= q->cap;
		}
		q->slots[tail] = *in;
		q->len++;
		ok = true;
	}
	chan_lock_release(&q->lock);
	return ok;
}

static bool mx_pop(chan_queue *q, chan_slot *out)
{
	bool ok = false;
	chan_lock_acquire(&q->lock);
	if (q->len) {
		*out = q->slots[q->head];
		if (++q->head == q->cap) {
			q->head = 0;
		}
		q->len--;
		ok = true;
	}
	chan_lock_release(&q->lock);
	return ok;
}

static size_t mx_length(const chan_queue *q)
{
	chan_queue *m = (chan_queue *) q;
	chan_lock_acquire(&m->lock);
	size_t len = m->len;
	chan_lock_release(&m->lock);
	return len;
}

static size_t mx_capacity(const chan_queue *q)
{
	return q->cap;
}

static void mx_visit(chan_queue *q, chan_queue_visitor fn, void *arg)
{
	size_t i = q->head;
	for (size_t n = 0; n < q->len; n++) {
		fn(&q->slots[i], arg);
		if (++i == q->cap) {
			i = 0;
		}
	}
}

static void mx_destroy(chan_queue *q)
{
	if (q) {
		chan_lock_destroy(&q->lock);
		free(q);
	}
}

const chan_queue_ops chan_queue_mutex = {
    .name = "mutex",
    .create = mx_create,
    .push = mx_push,
    .pop = mx_pop,
    .length = mx_length,
    .capacity = mx_capacity,
    .visit = mx_visit,
    .destroy = mx_destroy,
};
