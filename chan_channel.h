/*
 * chan_channel.h - the channel core, shared by Chan\Channel and select.
 *
 * A channel is a bounded queue (chan_queue.h) plus two FIFO wait queues of
 * parked pushers and poppers. Invariants: poppers wait only while the
 * buffer is empty, pushers only while it is full (always, when unbuffered).
 * Whoever completes an operation with a parked peer does the peer's part
 * too: a push hands its value straight to the first parked popper, a pop
 * that frees a slot moves the first parked pusher's value in; the peer is
 * made runnable and never has to compete again for what it was handed.
 */
#ifndef CHAN_CHANNEL_H
#define CHAN_CHANNEL_H

#include "php.h"
#include "chan_queue.h"
#include "chan_scheduler.h"

typedef struct chan_channel {
	const chan_queue_ops *ops; /* NULL until constructed */
	chan_queue *q;             /* NULL when unbuffered */
	zend_long capacity;
	chan_waitq senders, receivers;
	bool closed;
	zend_object std;
} chan_channel;

typedef enum {
	CHAN_OP_OK,
	CHAN_OP_WOULD_BLOCK,
	CHAN_OP_CLOSED,
} chan_op;

static zend_always_inline chan_channel *chan_channel_from_obj(zend_object *obj)
{
	return (chan_channel *) ((char *) obj - offsetof(chan_channel, std));
}

/* Non-blocking halves; they never throw. try_send reports CLOSED for a
 * closed channel, try_recv only once it is also drained. */
chan_op chan_channel_try_send(chan_channel *ch, zval *value);
chan_op chan_channel_try_recv(chan_channel *ch, zval *out);

#endif
