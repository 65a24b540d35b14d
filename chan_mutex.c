/*
 * chan_mutex.c - bounded ring under one mutex.
 *
 * The simple engine: every operation takes the lock, so it is trivially
 * linearizable and FIFO. Under contention threads sleep in the kernel
 * instead of spinning on compare-and-swap, which is what the published
 * "mutex wins at high concurrency" claim is about. pthread on POSIX, an
 * SRWLOCK on Windows (no allocation, no teardown).
 *
 * Head and tail are free-running counters and each operation commits with
 * one store (tail after filling a cell, head after emptying one), so a
 * process that dies holding the lock of a shared ring leaves it consistent:
 * the shared lock is robust, and whoever next takes it marks it consistent
 * and goes on. What the dead one was pushing is lost; what it was popping
 * is lost once head moved, and still there before.
 */
#if !defined(_WIN32) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* robust mutexes (POSIX 2008) under -std=c11 */
#endif
#include "chan_queue.h"

#include <errno.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

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
#define chan_lock_release(l) pthread_mutex_unlock(l)
#define chan_lock_destroy(l) pthread_mutex_destroy(l)
static inline void chan_lock_acquire(chan_lock *l)
{
	if (pthread_mutex_lock(l) == EOWNERDEAD) {
		pthread_mutex_consistent(l); /* only a shared (robust) lock says so */
	}
}
#endif

struct chan_queue {
	chan_lock lock;
	size_t head; /* position of the oldest value */
	size_t tail; /* position of the next free cell */
	size_t cap;
	size_t mask;   /* cap - 1 when cap is a power of two, else 0 */
	size_t stride; /* bytes per cell */
	char shared;   /* laid out by init(): not ours to free */
	alignas(16) char cells[];
};

static inline void *mx_cell(const chan_queue *q, size_t pos)
{
	return (char *) q->cells + (q->mask ? pos & q->mask : pos % q->cap) * q->stride;
}

static void mx_setup(chan_queue *q, size_t capacity, size_t cell_size)
{
	q->cap = capacity;
	q->mask = (capacity & (capacity - 1)) == 0 ? capacity - 1 : 0;
	q->stride = (cell_size + 15) & ~(size_t) 15;
}

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
	mx_setup(q, capacity, sizeof(chan_slot));
	return q;
}

static inline bool mx_put_cell(chan_queue *q, chan_cell_fn fill, void *arg)
{
	bool ok = false;
	chan_lock_acquire(&q->lock);
	if (q->tail - q->head < q->cap) {
		fill(mx_cell(q, q->tail), arg);
		q->tail++;
		ok = true;
	}
	chan_lock_release(&q->lock);
	return ok;
}

static inline bool mx_take_cell(chan_queue *q, chan_cell_fn empty, void *arg)
{
	bool ok = false;
	chan_lock_acquire(&q->lock);
	if (q->tail != q->head) {
		empty(mx_cell(q, q->head), arg);
		q->head++;
		ok = true;
	}
	chan_lock_release(&q->lock);
	return ok;
}

static void mx_copy_in(void *cell, void *in)
{
	memcpy(cell, in, sizeof(chan_slot));
}

static void mx_copy_out(void *cell, void *out)
{
	memcpy(out, cell, sizeof(chan_slot));
}

static bool mx_push(chan_queue *q, const chan_slot *in)
{
	return mx_put_cell(q, mx_copy_in, (void *) in);
}

static bool mx_pop(chan_queue *q, chan_slot *out)
{
	return mx_take_cell(q, mx_copy_out, out);
}

static size_t mx_length(const chan_queue *q)
{
	chan_queue *m = (chan_queue *) q;
	chan_lock_acquire(&m->lock);
	size_t len = m->tail - m->head;
	chan_lock_release(&m->lock);
	return len;
}

static size_t mx_capacity(const chan_queue *q)
{
	return q->cap;
}

static void mx_visit(chan_queue *q, chan_queue_visitor fn, void *arg)
{
	for (size_t pos = q->head; pos != q->tail; pos++) {
		fn(mx_cell(q, pos), arg);
	}
}

static void mx_destroy(chan_queue *q)
{
	if (q && !q->shared) {
		chan_lock_destroy(&q->lock);
		free(q);
	}
}

/* --- shared use ----------------------------------------------------------- */

static size_t mx_footprint(size_t capacity, size_t cell_size)
{
	size_t stride = (cell_size + 15) & ~(size_t) 15;
	if (capacity == 0 || cell_size > SIZE_MAX / 2 || capacity > (SIZE_MAX - sizeof(chan_queue)) / stride) {
		return 0;
	}
	return sizeof(chan_queue) + capacity * stride;
}

static chan_queue *mx_init(void *mem, size_t capacity, size_t cell_size)
{
#ifdef _WIN32
	(void) mem, (void) capacity, (void) cell_size;
	return NULL; /* no fork(), nothing to share with */
#else
	chan_queue *q = mem;
	pthread_mutexattr_t attr;
	if (pthread_mutexattr_init(&attr) != 0) {
		return NULL;
	}
	int err = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (!err) {
		err = pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	}
	if (!err) {
		err = pthread_mutex_init(&q->lock, &attr);
	}
	pthread_mutexattr_destroy(&attr);
	if (err) {
		return NULL;
	}
	mx_setup(q, capacity, cell_size);
	q->shared = 1;
	return q;
#endif
}

static bool mx_put(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine)
{
	(void) mine;
	return mx_put_cell(q, fn, arg);
}

static bool mx_take(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine)
{
	(void) mine;
	return mx_take_cell(q, fn, arg);
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
    .footprint = mx_footprint,
    .init = mx_init,
    .put = mx_put,
    .take = mx_take,
    .repair = NULL,
};
