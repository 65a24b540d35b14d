/*
 * chan_lockfree.c - bounded MPMC ring after Dmitry Vyukov's design.
 *
 * Every cell carries a sequence number that tells whose turn it is: a
 * producer at position p may fill cell p % cap when its sequence equals 2p, a
 * consumer may empty it when the sequence equals 2p + 1, and emptying hands it
 * on to the producer at p + cap with 2(p + cap). (Vyukov's original uses p and
 * p + 1; with a capacity of 1 the consumer's p + 1 is then the next producer's
 * turn too, so a full one-slot ring looked empty to producers. Doubling keeps
 * the two turns apart for every capacity.) Each side claims a
 * position with one compare-and-swap on its own counter and then publishes
 * the cell with a release store, so producers and consumers never contend on
 * the same word unless the ring is nearly full or nearly empty.
 *
 * Cells store their sequence minus twice their index, so the initial state
 * is all zero bytes: calloc() hands back untouched pages and a large, mostly
 * empty channel costs no resident memory for the part it never uses.
 * The capacity is exact; a power of two indexes with a mask, anything else
 * with a division.
 */
#include "chan_queue.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>

#define CHAN_CACHE_LINE 64

typedef struct chan_lf_cell {
	atomic_size_t seq;
	chan_slot data;
} chan_lf_cell;

struct chan_queue {
	alignas(CHAN_CACHE_LINE) atomic_size_t tail; /* next position to fill */
	alignas(CHAN_CACHE_LINE) atomic_size_t head; /* next position to empty */
	alignas(CHAN_CACHE_LINE) size_t cap;
	size_t mask; /* cap - 1 when cap is a power of two, else 0 */
	chan_lf_cell *cells;
};

static inline size_t lf_index(const chan_queue *q, size_t pos)
{
	return q->mask ? (pos & q->mask) : (pos % q->cap);
}

#ifdef _WIN32
#include <malloc.h>
#define lf_aligned_alloc(size) _aligned_malloc((size), CHAN_CACHE_LINE)
#define lf_aligned_free(p)     _aligned_free(p)
#else
#define lf_aligned_alloc(size) aligned_alloc(CHAN_CACHE_LINE, (size))
#define lf_aligned_free(p)     free(p)
#endif

static chan_queue *lf_create(size_t capacity)
{
	if (capacity == 0) {
		return NULL;
	}
	chan_queue *q = lf_aligned_alloc(sizeof(chan_queue));
	if (!q) {
		return NULL;
	}
	q->cells = calloc(capacity, sizeof(chan_lf_cell));
	if (!q->cells) {
		lf_aligned_free(q);
		return NULL;
	}
	atomic_init(&q->tail, 0);
	atomic_init(&q->head, 0);
	q->cap = capacity;
	q->mask = (capacity & (capacity - 1)) == 0 ? capacity - 1 : 0;
	return q;
}

static bool lf_push(chan_queue *q, const chan_slot *in)
{
	size_t pos = atomic_load_explicit(&q->tail, memory_order_relaxed);
	chan_lf_cell *cell;
	size_t idx;

	for (;;) {
		idx = lf_index(q, pos);
		cell = &q->cells[idx];
		size_t seq = atomic_load_explicit(&cell->seq, memory_order_acquire) + 2 * idx;
		intptr_t diff = (intptr_t) (seq - 2 * pos);
		if (diff == 0) {
			if (atomic_compare_exchange_weak_explicit(&q->tail, &pos, pos + 1, memory_order_relaxed,
			                                          memory_order_relaxed)) {
				break;
			}
		} else if (diff < 0) {
			return false; /* full */
		} else {
			pos = atomic_load_explicit(&q->tail, memory_order_relaxed);
		}
	}
	cell->data = *in;
	atomic_store_explicit(&cell->seq, 2 * (pos - idx) + 1, memory_order_release);
	return true;
}

static bool lf_pop(chan_queue *q, chan_slot *out)
{
	size_t pos = atomic_load_explicit(&q->head, memory_order_relaxed);
	chan_lf_cell *cell;
	size_t idx;

	for (;;) {
		idx = lf_index(q, pos);
		cell = &q->cells[idx];
		size_t seq = atomic_load_explicit(&cell->seq, memory_order_acquire) + 2 * idx;
		intptr_t diff = (intptr_t) (seq - (2 * pos + 1));
		if (diff == 0) {
			if (atomic_compare_exchange_weak_explicit(&q->head, &pos, pos + 1, memory_order_relaxed,
			                                          memory_order_relaxed)) {
				break;
			}
		} else if (diff < 0) {
			return false; /* empty */
		} else {
			pos = atomic_load_explicit(&q->head, memory_order_relaxed);
		}
	}
	*out = cell->data;
	atomic_store_explicit(&cell->seq, 2 * (pos + q->cap - idx), memory_order_release);
	return true;
}

static size_t lf_length(const chan_queue *q)
{
	size_t head = atomic_load_explicit(&((chan_queue *) q)->head, memory_order_acquire);
	size_t tail = atomic_load_explicit(&((chan_queue *) q)->tail, memory_order_acquire);
	intptr_t n = (intptr_t) (tail - head);
	if (n < 0) {
		return 0;
	}
	return (size_t) n > q->cap ? q->cap : (size_t) n;
}

static size_t lf_capacity(const chan_queue *q)
{
	return q->cap;
}

static void lf_visit(chan_queue *q, chan_queue_visitor fn, void *arg)
{
	size_t tail = atomic_load_explicit(&q->tail, memory_order_relaxed);
	for (size_t pos = atomic_load_explicit(&q->head, memory_order_relaxed); pos != tail; pos++) {
		fn(&q->cells[lf_index(q, pos)].data, arg);
	}
}

static void lf_destroy(chan_queue *q)
{
	if (q) {
		free(q->cells);
		lf_aligned_free(q);
	}
}

const chan_queue_ops chan_queue_lockfree = {
    .name = "lockfree",
    .create = lf_create,
    .push = lf_push,
    .pop = lf_pop,
    .length = lf_length,
    .capacity = lf_capacity,
    .visit = lf_visit,
    .destroy = lf_destroy,
};
