/*
 * chan_timer.c - Chan\after() and Chan\tick(): channels of capacity 1 fed
 * by the event loop's timer heap, with no coroutine per timer.
 *
 * The channel owns its timer (ch->feed, 40 bytes, plus its 24-byte heap
 * entry) and the timer holds no reference to the channel: a timer channel
 * nobody holds any more is freed, and its timer leaves the heap with it, as
 * it does when the channel is closed. after()'s timer is freed once it has
 * delivered. tick()'s starts again a period after the deadline it had,
 * skipping periods already missed, and a tick that finds the buffer full
 * is dropped (Go's Ticker). A value is delivered when the loop runs (a
 * context waits or switches) or when a receive on the channel looks, so a
 * due timer is never missed by pop(), select() or count().
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_channel.h"
#include "chan_loop.h"

#ifdef PHP_WIN32
#include "win32/time.h"
#else
#include <sys/time.h>
#endif

typedef struct chan_timer_feed {
	chan_feed feed;
	chan_loop_timer timer;
	uint64_t period; /* ns; 0: after() */
} chan_timer_feed;

static const chan_feed_ops chan_timer_feed_ops;

static zend_always_inline chan_timer_feed *chan_timer_feed_of(chan_loop_timer *t)
{
	return (chan_timer_feed *) ((char *) t - offsetof(chan_timer_feed, timer));
}

/* What microtime(true) says now. */
static double chan_wall_now(void)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	return (double) tv.tv_sec + (double) tv.tv_usec / 1e6;
}

static void chan_timer_fire(chan_loop_timer *t, uint64_t deadline)
{
	chan_timer_feed *tf = chan_timer_feed_of(t);
	chan_channel *ch = tf->feed.ch;
	if (tf->period) {
		uint64_t now = chan_now_ns(), next = deadline + tf->period;
		if (next <= now) {
			next += ((now - next) / tf->period + 1) * tf->period;
		}
		chan_loop_timer_start(&tf->timer, next);
	} else {
		ch->feed = NULL;
		efree(tf);
	}
	zval v;
	ZVAL_DOUBLE(&v, chan_wall_now());
	chan_channel_try_send(ch, &v); /* would block: the buffer is full, the tick dropped */
}

static void chan_timer_poll(chan_feed *f)
{
	chan_loop_timer_poll(&((chan_timer_feed *) f)->timer);
}

static void chan_timer_stop(chan_feed *f)
{
	chan_timer_feed *tf = (chan_timer_feed *) f;
	chan_loop_timer_stop(&tf->timer);
	efree(tf);
}

static const chan_feed_ops chan_timer_feed_ops = {chan_timer_poll, chan_timer_stop};

static void chan_timer_channel(INTERNAL_FUNCTION_PARAMETERS, bool repeat)
{
	double seconds;
	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_DOUBLE(seconds)
	ZEND_PARSE_PARAMETERS_END();

	if (repeat ? !(seconds > 0) : !(seconds >= 0)) { /* NAN fails both */
		zend_argument_value_error(1, repeat ? "must be greater than 0" : "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	chan_channel *ch = chan_channel_make(return_value, 1);
	if (!ch) {
		RETURN_THROWS();
	}
	chan_timer_feed *tf = emalloc(sizeof(*tf));
	tf->feed.ops = &chan_timer_feed_ops;
	tf->feed.ch = ch;
	tf->timer.fire = chan_timer_fire;
	tf->timer.slot = 0;
	uint64_t ns = chan_seconds_ns(seconds);
	tf->period = repeat ? MAX(ns, 1) : 0;
	ch->feed = &tf->feed;
	chan_loop_timer_start(&tf->timer, chan_now_ns() + ns);
}

ZEND_FUNCTION(Chan_after)
{
	chan_timer_channel(INTERNAL_FUNCTION_PARAM_PASSTHRU, false);
}

ZEND_FUNCTION(Chan_tick)
{
	chan_timer_channel(INTERNAL_FUNCTION_PARAM_PASSTHRU, true);
}
