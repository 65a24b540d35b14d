/*
 * chan_cancel.c - Coroutine::cancel()/exists() and Chan\withTimeout().
 *
 * Policy. A cancellation or a deadline is delivered only at a blocking
 * call, where the coroutine could have been switched away anyway, so no
 * code runs between two statements it did not expect. A parked coroutine
 * is woken at once with CHAN_WAKE_CANCELLED: the wake-up unlinks all its
 * waiters, so a pusher's value stays with it and a popper takes nothing.
 * Any other is marked, and its next blocking call throws on entry
 * (chan_checkpoint()); the mark counts in chan_interrupts, as does every
 * active deadline, so that the checkpoint costs one load while nobody uses
 * either. A deadline is a per-context time: chan_wait() arms the earlier of
 * it and the call's own timeout, and reports the deadline's expiry as
 * CHAN_WAKE_DEADLINE.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_loop.h"
#include "zend_exceptions.h"

TSRM_TLS uint32_t chan_interrupts;

/* The bit of co->notify that makes the core tell us of its end. */
static uint8_t chan_cancel_bit;

/* Throws the CancelledException delivered to the current context. */
static void chan_cancel_throw(void)
{
	chan_coro *co = chan_current();
	zend_object *ex =
	    zend_throw_exception_ex(chan_ce_cancelled_exception, 0, "Coroutine " ZEND_LONG_FMT " was cancelled", co->id);
	if (co->cancelled) {
		OBJ_RELEASE(co->cancelled);
	}
	GC_ADDREF(ex);
	co->cancelled = ex; /* escaping, it ends the coroutine quietly */
	co->notify |= chan_cancel_bit;
}

/* co ends: forgets its pending cancellation and its delivered exception. */
static void chan_cancel_forget(chan_coro *co)
{
	co->notify &= (uint8_t) ~chan_cancel_bit;
	if (co->cancel_pending) {
		co->cancel_pending = false;
		chan_interrupts--;
	}
	if (co->cancelled) {
		OBJ_RELEASE(co->cancelled);
		co->cancelled = NULL;
	}
}

bool chan_checkpoint_slow(void)
{
	chan_coro *co = chan_current();
	if (co->wake == CHAN_WAKE_DESTROY) {
		return true; /* being destroyed: chan_can_block() says why it cannot wait */
	}
	if (co->cancel_pending) {
		co->cancel_pending = false;
		chan_interrupts--;
		chan_cancel_throw();
		return false;
	}
	if (co->deadline && chan_now_ns() >= co->deadline) {
		chan_raise(CHAN_WAKE_DEADLINE);
		return false;
	}
	return true;
}

void chan_cancel(chan_coro *co)
{
	if (co->cancel_pending || (co->state == CHAN_CORO_RUNNABLE && co->wake == CHAN_WAKE_CANCELLED) ||
	    co->wake == CHAN_WAKE_DESTROY) {
		return; /* delivered once */
	}
	if (co->state == CHAN_CORO_PARKED) {
		chan_wakeup(co, CHAN_WAKE_CANCELLED, NULL);
		return;
	}
	co->cancel_pending = true;
	co->notify |= chan_cancel_bit;
	chan_interrupts++;
}

/* Its own cancellation ended it: quietly. */
static bool chan_cancel_ended_it(chan_coro *co, zend_object *ex)
{
	return ex == co->cancelled;
}

static const chan_coro_listener chan_cancel_listener = {
    .ended = chan_cancel_forget,
    .threw = chan_cancel_ended_it,
};

void chan_cancel_minit(void)
{
	chan_cancel_bit = chan_coro_listen(&chan_cancel_listener);
	chan_raise_cancelled_with(chan_cancel_throw);
}

void chan_cancel_rshutdown(void)
{
	chan_interrupts = 0;
}

ZEND_METHOD(Chan_Coroutine, cancel)
{
	zend_long id;

	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_LONG(id)
	ZEND_PARSE_PARAMETERS_END();

	if (id <= 0) {
		zend_argument_value_error(1, "must be greater than 0 (main cannot be cancelled)");
		RETURN_THROWS();
	}
	chan_coro *co = chan_coro_find(id);
	if (!co) {
		RETURN_FALSE;
	}
	chan_cancel(co);
	RETURN_TRUE;
}

ZEND_METHOD(Chan_Coroutine, exists)
{
	zend_long id;

	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_LONG(id)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_BOOL(id == 0 || (id > 0 && chan_coro_find(id)));
}

ZEND_FUNCTION(Chan_withTimeout)
{
	double seconds;
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	ZEND_PARSE_PARAMETERS_START(2, -1)
	Z_PARAM_DOUBLE(seconds)
	Z_PARAM_FUNC(fci, fcc)
	Z_PARAM_VARIADIC_WITH_NAMED(fci.params, fci.param_count, fci.named_params)
	ZEND_PARSE_PARAMETERS_END();

	if (!(seconds >= 0)) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	chan_coro *co = chan_current();
	uint64_t outer = co->deadline;
	bool timed = !zend_isinf(seconds);
	if (timed) {
		uint64_t deadline = chan_now_ns() + chan_seconds_ns(seconds);
		if (!outer || deadline < outer) {
			co->deadline = deadline;
		}
		chan_interrupts++;
	}
	fci.retval = return_value;
	zend_call_function(&fci, &fcc);
	if (timed) {
		chan_interrupts--;
		co->deadline = outer;
	}
}
