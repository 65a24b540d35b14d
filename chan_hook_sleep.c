/*
 * chan_hook_sleep.c - the family "sleep": sleep(), usleep(),
 * time_nanosleep() and time_sleep_until() park the calling context on the
 * loop's timer (chan_sleep()) instead of the process.
 *
 * Arguments are read with PHP's own parameter parsing, so type errors are
 * PHP's; any value PHP rejects or warns about (a negative duration, a time
 * in the past) goes to PHP's own handler, which rejects it in its own
 * words. A parked sleep is a checkpoint: cancellation and deadlines end it
 * with their exceptions (chan_sleep()). sleep() returns 0 and
 * time_nanosleep() true, as PHP's do when no signal interrupts them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_hook.h"
#include "chan_coroutine.h"
#include <sys/time.h>

#define CHAN_HOOK_SLEEPER(fn)                                                                                          \
	static zif_handler chan_##fn##_prev;                                                                               \
	static ZEND_NAMED_FUNCTION(chan_hook_##fn)

CHAN_HOOK_SLEEPER(sleep)
{
	zend_long seconds;
	if (!chan_hook_active(CHAN_HOOK_SLEEP)) {
		chan_sleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_LONG(seconds)
	ZEND_PARSE_PARAMETERS_END();
	if (seconds < 0 || (zend_ulong) seconds > UINT_MAX) { /* PHP 8.6 rejects it, older ones cast it */
		chan_sleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	chan_sleep((double) seconds);
	RETURN_LONG(0);
}

CHAN_HOOK_SLEEPER(usleep)
{
	zend_long us;
	if (!chan_hook_active(CHAN_HOOK_SLEEP)) {
		chan_usleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_LONG(us)
	ZEND_PARSE_PARAMETERS_END();
	if (us < 0 || (zend_ulong) us > UINT_MAX) {
		chan_usleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	chan_sleep((double) us / 1e6);
}

CHAN_HOOK_SLEEPER(time_nanosleep)
{
	zend_long s, ns;
	if (!chan_hook_active(CHAN_HOOK_SLEEP)) {
		chan_time_nanosleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START(2, 2)
	Z_PARAM_LONG(s)
	Z_PARAM_LONG(ns)
	ZEND_PARSE_PARAMETERS_END();
	if (s < 0 || ns < 0 || ns > 999999999) {
		chan_time_nanosleep_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	chan_sleep((double) s + (double) ns / 1e9);
	if (!EG(exception)) {
		RETURN_TRUE;
	}
}

CHAN_HOOK_SLEEPER(time_sleep_until)
{
	double target;
	struct timeval now;
	if (!chan_hook_active(CHAN_HOOK_SLEEP)) {
		chan_time_sleep_until_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_DOUBLE(target)
	ZEND_PARSE_PARAMETERS_END();
	if (gettimeofday(&now, NULL) != 0) {
		chan_time_sleep_until_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	double left = target - ((double) now.tv_sec + (double) now.tv_usec / 1e6);
	/* In the past (PHP warns), now, NAN, or beyond what PHP accepts (its
	 * ValueError: between 0 and UINT64_MAX / 1e9 seconds). */
	if (!(left > 0) || !(target <= (double) (UINT64_MAX / 1e9))) {
		chan_time_sleep_until_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	chan_sleep(left);
	if (!EG(exception)) {
		RETURN_TRUE;
	}
}

static const chan_wrapped_function chan_sleepers[] = {
    {"sleep", chan_hook_sleep, &chan_sleep_prev},
    {"usleep", chan_hook_usleep, &chan_usleep_prev},
    {"time_nanosleep", chan_hook_time_nanosleep, &chan_time_nanosleep_prev},
    {"time_sleep_until", chan_hook_time_sleep_until, &chan_time_sleep_until_prev},
};

void chan_hook_sleep_minit(void)
{
	chan_wrap_functions(chan_sleepers, sizeof(chan_sleepers) / sizeof(chan_sleepers[0]));
}

void chan_hook_sleep_mshutdown(void)
{
	chan_unwrap_functions(chan_sleepers, sizeof(chan_sleepers) / sizeof(chan_sleepers[0]));
}
