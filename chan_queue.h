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
} chan_queue_ops;

extern const chan_queue_ops chan_queue_lockfree;
extern const chan_queue_ops chan_queue_mutex;

#endif
