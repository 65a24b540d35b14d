/*
 * chan_queue.h - the bounded FIFO behind every buffered Chan\Channel.
 *
 * Two engines implement this one interface, each ending in a const vtable:
 * chan_lockfree.c (a Vyukov multi-producer multi-consumer ring on C11
 * atomics) and chan_mutex.c (a plain ring under one mutex). A channel picks
 * one at construction ($lock) and only ever talks to it through the vtable.
 *
 * Policy: both engines are safe for any number of concurrent producers and
 * consumers, keep FIFO order for values pushed by one producer, never block
 * (push on a full queue and pop on an empty one fail at once), and never
 * allocate after create(). Neither includes a PHP header: they build and run
 * in plain C (tests/c) so they can be stressed with real threads under
 * ThreadSanitizer. The PHP binding is single-threaded and stores zvals.
 *
 * A slot is 16 bytes: exactly a zval, or a pointer-sized payload.
 * visit() walks the buffered values oldest first and must only be called
 * while no other thread touches the queue (the garbage collector uses it).
 *
 * Shared use (chan_shared.c, Chan\SharedChannel): the same engines laid out
 * in memory the caller provides (an anonymous MAP_SHARED mapping inherited
 * across fork()), with cells of any size that callbacks fill and empty in
 * place. Processes can die at any instant there, so every operation commits
 * with one store: the mutex ring moves one counter under a robust
 * process-shared mutex (a lock whose owner died is taken over with the ring
 * consistent), and the lock-free ring lets each process announce in a claim
 * record the position it is about to take, so that a survivor can finish
 * the cell a dead process claimed (repair()) instead of stalling on it.
 */
#ifndef CHAN_QUEUE_H
#define CHAN_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct chan_slot {
	uint64_t w[2];
} chan_slot;

typedef struct chan_queue chan_queue;

typedef void (*chan_queue_visitor)(chan_slot *slot, void *arg);

/* Fills or empties one cell in place (shared use). */
typedef void (*chan_cell_fn)(void *cell, void *arg);

/* What one process is doing on a shared queue: position + 1 of the cell it
 * may be claiming or holds on each side, 0 when idle. Only the lock-free
 * engine writes it. */
typedef struct chan_queue_claim {
	_Atomic uint64_t put, take;
} chan_queue_claim;

typedef struct chan_queue_ops {
	const char *name;
	/* NULL when capacity is 0 or memory cannot be had. */
	chan_queue *(*create)(size_t capacity);
	bool (*push)(chan_queue *q, const chan_slot *in);
	bool (*pop)(chan_queue *q, chan_slot *out);
	/* Exact when quiescent, a snapshot under concurrency. */
	size_t (*length)(const chan_queue *q);
	size_t (*capacity)(const chan_queue *q);
	void (*visit)(chan_queue *q, chan_queue_visitor fn, void *arg);
	/* Frees the queue; values still in it are the caller's to release first. */
	void (*destroy)(chan_queue *q);

	/* Shared use. footprint(): bytes init() needs for capacity cells of
	 * cell_size bytes, 0 when too large. init(): lays the queue out in mem
	 * (zeroed, 64-byte aligned, never moved, freed by the caller). */
	size_t (*footprint)(size_t capacity, size_t cell_size);
	chan_queue *(*init)(void *mem, size_t capacity, size_t cell_size);
	/* push()/pop() of a cell filled or emptied by fn; mine is this process's
	 * claim record. */
	bool (*put)(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine);
	bool (*take)(chan_queue *q, chan_cell_fn fn, void *arg, chan_queue_claim *mine);
	/* dead is the claim record of a process that died; others[n] those of
	 * the processes that may be alive. A cell the dead one claimed and never
	 * published is filled by hole() and published; one it took and never
	 * released is released (its value is lost). NULL where nothing can
	 * stall (the mutex engine). */
	void (*repair)(chan_queue *q, const chan_queue_claim *dead, chan_queue_claim *const *others, size_t n,
	               chan_cell_fn hole, void *arg);
} chan_queue_ops;

extern const chan_queue_ops chan_queue_lockfree;
extern const chan_queue_ops chan_queue_mutex;

#endif
