/*
 * chan_coroutine.c - Chan\go(), Chan\run() and the Chan\Coroutine class's
 * own methods: the PHP face of the scheduler. Arguments are read and
 * checked here; the work is the scheduler's verbs (chan_scheduler.h).
 * Coroutine's other methods live with their concern: cancel() and exists()
 * in chan_cancel.c, list() and trace() in chan_trace.c, waitReadable() and
 * waitWritable() in chan_io.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_coroutine.h"
#include "chan_cancel.h"

void chan_yield(void)
{
	if (!chan_checkpoint() || !chan_can_block()) {
		return;
	}
	if (!chan_raise(chan_yield_wait()) && UNEXPECTED(chan_interrupts)) {
		chan_checkpoint_slow(); /* cancelled while queued behind the others */
	}
}

void chan_sleep(double seconds)
{
	if (seconds == 0) {
		chan_yield();
		return;
	}
	if (!chan_checkpoint() || !chan_can_block()) {
		return;
	}
	chan_wake why = chan_wait(NULL, 0, zend_isinf(seconds) ? -1 : seconds);
	if (why != CHAN_WAKE_TIMEOUT) {
		chan_raise(why);
	}
}

ZEND_FUNCTION(Chan_go)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	CHAN_PARSE_CALLABLE_ARGS(fci, fcc);

	chan_coro *co = chan_spawn(&fci, &fcc);
	if (!co) {
		RETURN_THROWS();
	}
	RETURN_LONG(co->id);
}

ZEND_FUNCTION(Chan_run)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	CHAN_PARSE_CALLABLE_ARGS(fci, fcc);

	chan_run(&fci, &fcc, return_value);
}

ZEND_METHOD(Chan_Coroutine, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

ZEND_METHOD(Chan_Coroutine, id)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(chan_current()->id);
}

ZEND_METHOD(Chan_Coroutine, yield)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_yield();
}

ZEND_METHOD(Chan_Coroutine, sleep)
{
	double seconds;

	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_DOUBLE(seconds)
	ZEND_PARSE_PARAMETERS_END();

	if (UNEXPECTED(!(seconds >= 0))) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	chan_sleep(seconds);
}

ZEND_METHOD(Chan_Coroutine, count)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(chan_scheduler_stats().count);
}

ZEND_METHOD(Chan_Coroutine, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_sched_stats st = chan_scheduler_stats();
	array_init_size(return_value, 4);
	add_assoc_long(return_value, "count", st.count);
	add_assoc_long(return_value, "peak", st.peak);
	add_assoc_long(return_value, "switches", (zend_long) st.switches);
	add_assoc_long(return_value, "spawned", st.spawned);
}

ZEND_METHOD(Chan_Coroutine, drain)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_drain_at_shutdown();
}
