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

typedef struct chan_channel chan_channel;

/* What pushes into a channel from outside PHP code (Chan\after(), tick()):
 * poll() delivers what is due now, before a receive looks; stop() ends and
 * frees it, once, when the channel is closed or freed. */
typedef struct chan_feed chan_feed;
typedef struct chan_feed_ops {
	void (*poll)(chan_feed *f);
	void (*stop)(chan_feed *f);
} chan_feed_ops;
struct chan_feed {
	const chan_feed_ops *ops;
	chan_channel *ch;
};

struct chan_channel {
	const chan_queue_ops *ops; /* NULL until constructed */
	chan_queue *q;             /* NULL when unbuffered */
	zend_long capacity;
	chan_waitq senders, receivers;
	chan_feed *feed;
	bool closed;
	zend_object std;
};

typedef enum {
	CHAN_OP_OK,
	CHAN_OP_WOULD_BLOCK,
	CHAN_OP_CLOSED,
} chan_op;

static zend_always_inline chan_channel *chan_channel_from_obj(zend_object *obj)
{
	return (chan_channel *) ((char *) obj - offsetof(chan_channel, std));
}

/* Delivers what ch's feed has due, before a receive looks at ch. */
static zend_always_inline void chan_channel_poll(chan_channel *ch)
{
	if (UNEXPECTED(ch->feed)) {
		ch->feed->ops->poll(ch->feed);
	}
}

/* A new Chan\Channel of capacity (at least 1; the lock-free ring) in out;
 * NULL with Chan\Error thrown when its buffer cannot be allocated. */
chan_channel *chan_channel_make(zval *out, zend_long capacity);

/* Non-blocking halves; they never throw. try_send reports CLOSED for a
 * closed channel, try_recv only once it is also drained. */
chan_op chan_channel_try_send(chan_channel *ch, zval *value);
chan_op chan_channel_try_recv(chan_channel *ch, zval *out);

#endif
