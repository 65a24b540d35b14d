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
 *
 * Shared use: cells are cell_size bytes after the sequence, and a process
 * announces in its claim record the position it is about to claim before
 * the compare-and-swap and clears it after publishing. A cell that is
 * claimed (the counter moved past it) and still unpublished is either in a
 * live process's hands, whose record names it, or a dead one's: repair()
 * tells the two apart by the records and finishes the dead one's cell.
 */
#include "chan_queue.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CHAN_CACHE_LINE 64

#if defined(__GNUC__) || defined(__clang__)
#define LF_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define LF_INLINE static __forceinline
#else
#define LF_INLINE static inline
#endif

/* A cell: its sequence, then cell_size bytes of data (stride in all). */
typedef struct chan_lf_cell {
	atomic_size_t seq;
} chan_lf_cell;

struct chan_queue {
	alignas(CHAN_CACHE_LINE) atomic_size_t tail; /* next position to fill */
	alignas(CHAN_CACHE_LINE) atomic_size_t head; /* next position to empty */
	alignas(CHAN_CACHE_LINE) size_t cap;
	size_t mask;   /* cap - 1 when cap is a power of two, else 0 */
	size_t stride; /* bytes per cell */
	char *cells;
	char shared; /* laid out by init(): not ours to free */
};

#define LF_DATA_OFFSET sizeof(uint64_t)

static inline size_t lf_index(const chan_queue *q, size_t pos)
{
	return q->mask ? (pos & q->mask) : (pos % q->cap);
}

static inline chan_lf_cell *lf_cell(const chan_queue *q, size_t idx)
{
	return (chan_lf_cell *) (q->cells + idx * q->stride);
}

static inline void *lf_data(chan_lf_cell *cell)
{
	return (char *) cell + LF_DATA_OFFSET;
}

#ifdef _WIN32
#include <malloc.h>
#define lf_aligned_alloc(size) _aligned_malloc((size), CHAN_CACHE_LINE)
#define lf_aligned_free(p)     _aligned_free(p)
#else
#define lf_aligned_alloc(size) aligned_alloc(CHAN_CACHE_LINE, (size))
#define lf_aligned_free(p)     free(p)
#endif

static void lf_setup(chan_queue *q, size_t capacity, size_t cell_size)
{
	atomic_init(&q->tail, 0);
	atomic_init(&q->head, 0);
	q->cap = capacity;
	q->mask = (capacity & (capacity - 1)) == 0 ? capacity - 1 : 0;
	q->stride = (LF_DATA_OFFSET + cell_size + 7) & ~(size_t) 7;
}

static chan_queue *lf_create(size_t capacity)
{
	if (capacity == 0) {
		return NULL;
	}
	chan_queue *q = lf_aligned_alloc(sizeof(chan_queue));
	if (!q) {
		return NULL;
	}
	lf_setup(q, capacity, sizeof(chan_slot));
	q->shared = 0;
	q->cells = calloc(capacity, q->stride);
	if (!q->cells) {
		lf_aligned_free(q);
		return NULL;
	}
	return q;
}

static inline void lf_announce(_Atomic uint64_t *claim, size_t pos)
{
	if (claim) {
		atomic_store(claim, (uint64_t) pos + 1);
	}
}

static inline void lf_done(_Atomic uint64_t *claim)
{
	if (claim) {
		atomic_store_explicit(claim, 0, memory_order_release);
	}
}

/* The one push: claims the cell at the tail, fills it, publishes it. */
LF_INLINE bool lf_put_cell(chan_queue *q, chan_cell_fn fill, void *arg, _Atomic uint64_t *claim)
{
	size_t pos = atomic_load_explicit(&q->tail, memory_order_relaxed);
	chan_lf_cell *cell;
	size_t idx;

	for (;;) {
		lf_announce(claim, pos);
		idx = lf_index(q, pos);
		cell = lf_cell(q, idx);
		size_t seq = atomic_load_explicit(&cell->seq, memory_order_acquire) + 2 * idx;
		intptr_t diff = (intptr_t) (seq - 2 * pos);
		if (diff == 0) {
			if (atomic_compare_exchange_weak_explicit(&q->tail, &pos, pos + 1, memory_order_relaxed,
			                                          memory_order_relaxed)) {
				break;
			}
		} else if (diff < 0) {
			lf_done(claim);
			return false; /* full */
		} else {
			pos = atomic_load_explicit(&q->tail, memory_order_relaxed);
		}
	}
	fill(lf_data(cell), arg);
	atomic_store_explicit(&cell->seq, 2 * (pos - idx) + 1, memory_order_release);
	lf_done(claim);
	return true;
}

/* The one pop: claims the cell at the head, empties it, hands it on. */
LF_INLINE bool lf_take_cell(chan_queue *q, chan_cell_fn empty, void *arg, _Atomic uint64_t *claim)
{
	size_t pos = atomic_load_explicit(&q->head, memory_order_relaxed);
	chan_lf_cell *cell;
	size_t idx;

	for (;;) {
		lf_announce(claim, pos);
		idx = lf_index(q, pos);
		cell = lf_cell(q, idx);
		size_t seq = atomic_load_explicit(&cell->seq, memory_order_acquire) + 2 * idx;
		intptr_t diff = (intptr_t) (seq - (2 * pos + 1));
		if (diff == 0) {
			if (atomic_compare_exchange_weak_explicit(&q->head, &pos, pos + 1, memory_order_relaxed,
			                                          memory_order_relaxed)) {
				break;
			}
		} else if (diff < 0) {
			lf_done(claim);
			return false; /* empty */
		} else {
			pos = atomic_load_explicit(&q->head, memory_order_relaxed);
		}
	}
	empty(lf_data(cell), arg);
	atomic_store_explicit(&cell->seq, 2 * (pos + q->cap - idx), memory_order_release);
	lf_done(claim);
	return true;
}

static void lf_copy_in(void *cell, void *in)
{
	memcpy(cell, in, sizeof(chan_slot));
}

static void lf_copy_out(void *cell, void *out)
{
	memcpy(out, cell, sizeof(chan_slot));
}

static bool lf_push(chan_queue *q, const chan_slot *in)
{
	return lf_put_cell(q, lf_copy_in, (void *) in, NULL);
}

static bool lf_pop(chan_queue *q, chan_slot *out)
{
	return lf_take_cell(q, lf_copy_out, out, NULL);
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
		fn(lf_data(lf_cell(q, lf_index(q, pos))), arg);
	}
}

static void lf_destroy(chan_queue *q)
{
	if (q && !q->shared) {
		free(q->cells);
		lf_aligned_free(q);
	}
}

/* --- shared use ----------------------------------------------------------- */

#define LF_HEADER ((sizeof(chan_queue) + CHAN_CACHE_LINE - 1) & ~(size_t) (CHAN_CACHE_LINE - 1))

static size_t lf_footprint(size_t capacity, size_t cell_size)
{
	size_t stride = (LF_DATA_OFFSET + cell_size + 7) & ~(size_t) 7;
	if (capacity == 0 || cell_size > SIZE_MAX / 2 || capacity > (SIZE_MAX - LF_HEADER) / stride) {
		return 0;
	}
	return LF_HEADER + capacity * stride;
}

static chan_queue *lf_init(void *mem, size_t capacity, size_t cell_size)
{
	chan_queue *q = mem;
	lf_setup(q, capacity, cell_size);
	q->shared = 1;
	q->cells = (char *) mem + LF_HEADER;
	return q;
}

static bool lf_put(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine)
{
	return lf_put_cell(q, fn, arg, &mine->put);
}

static bool lf_take(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine)
{
	return lf_take_cell(q, fn, arg, &mine->take);
}

static bool lf_named(chan_queue_claim *const *others, size_t n, size_t side, uint64_t want)
{
	for (size_t i = 0; i < n; i++) {
		_Atomic uint64_t *c = side ? &others[i]->take : &others[i]->put;
		if (atomic_load(c) == want) {
			return true;
		}
	}
	return false;
}

static void lf_repair(chan_queue *q, const chan_queue_claim *dead, chan_queue_claim *const *others, size_t n,
                      chan_cell_fn hole, void *arg)
{
	uint64_t put = atomic_load(&((chan_queue_claim *) dead)->put);
	uint64_t take = atomic_load(&((chan_queue_claim *) dead)->take);

	/* Read the counter, then the live records, then the cell: a live
	 * process that claimed the position announced it before its
	 * compare-and-swap, and clears its record only after publishing. */
	if (put) {
		size_t pos = put - 1, idx = lf_index(q, pos);
		chan_lf_cell *cell = lf_cell(q, idx);
		if ((intptr_t) (atomic_load(&q->tail) - pos) > 0 && !lf_named(others, n, 0, put)) {
			size_t unpublished = 2 * (pos - idx);
			if (atomic_load(&cell->seq) == unpublished) {
				hole(lf_data(cell), arg);
				atomic_compare_exchange_strong(&cell->seq, &unpublished, unpublished + 1);
			}
		}
	}
	if (take) {
		size_t pos = take - 1, idx = lf_index(q, pos);
		chan_lf_cell *cell = lf_cell(q, idx);
		if ((intptr_t) (atomic_load(&q->head) - pos) > 0 && !lf_named(others, n, 1, take)) {
			size_t unreleased = 2 * (pos - idx) + 1;
			atomic_compare_exchange_strong(&cell->seq, &unreleased, 2 * (pos + q->cap - idx));
		}
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
    .footprint = lf_footprint,
    .init = lf_init,
    .put = lf_put,
    .take = lf_take,
    .repair = lf_repair,
};
