/*
 * chan_hook_select.c - the family "stream": stream_select() parks the
 * calling context until one of its streams is ready, instead of the
 * process.
 *
 * PHP's own stream_select() does every part a user sees: reading the
 * arguments, the streams that have buffered data (ready at once), the
 * result and the arrays it leaves. The hook calls it first with no time
 * to wait; when nothing is ready, it gives the arrays back as they were,
 * parks on the descriptors of every stream of $read and $write (the loop's
 * queues, one waiter each) until one is ready, the timeout passes or the
 * wait is ended, and calls it again with no time to wait for the result.
 * Streams of every kind PHP can select on take part: sockets, pipes,
 * stdio; a regular file is always ready, as select() says; a stream PHP
 * cannot represent as a descriptor (php://memory) is left out, as PHP
 * leaves it out, with PHP's warning from the first call only. PHP's own
 * call, blocking the process, is made as it is when the hook cannot wait
 * on its behalf: a non-empty $except (out-of-band data, which the loop
 * does not watch), a descriptor the loop refuses, or arguments PHP
 * rejects.
 *
 * A parked stream_select() is a checkpoint: cancellation and deadlines end
 * it with their exceptions and it returns false, the arrays as given.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_hook.h"
#include "chan_io.h"
#include "php_network.h"
#include "php_streams.h"

#include <errno.h>

static zif_handler chan_stream_select_prev;

/* PHP's own stream_select() again, on the arrays of the first call: the
 * warnings it gives (a stream it cannot select on) the first call gave
 * already, to the user's error handler too. */
static void chan_select_again(INTERNAL_FUNCTION_PARAMETERS)
{
	zval handler;
	ZVAL_COPY_VALUE(&handler, &EG(user_error_handler));
	ZVAL_UNDEF(&EG(user_error_handler));
	int reporting = EG(error_reporting);
	EG(error_reporting) &= ~E_WARNING;
	chan_stream_select_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	EG(error_reporting) = reporting;
	ZVAL_COPY_VALUE(&EG(user_error_handler), &handler);
}

/* PHP's own stream_select() with no time to wait (quiet: the second
 * call), the timeout arguments set to 0 for the call and put back after. */
static void chan_select_now(INTERNAL_FUNCTION_PARAMETERS, bool quiet)
{
	uint32_t n = ZEND_NUM_ARGS();
	zval saved[2];
	for (uint32_t i = 0; i < 2 && 4 + i <= n; i++) {
		zval *arg = ZEND_CALL_ARG(execute_data, 4 + i);
		ZVAL_COPY_VALUE(&saved[i], arg);
		ZVAL_LONG(arg, 0);
	}
	if (quiet) {
		chan_select_again(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	} else {
		chan_stream_select_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	}
	for (uint32_t i = 0; i < 2 && 4 + i <= n; i++) {
		ZVAL_COPY_VALUE(ZEND_CALL_ARG(execute_data, 4 + i), &saved[i]);
	}
}

/* The timeout the call asks for, in seconds (< 0: none), when the
 * arguments are plain ones the hook can wait on: false otherwise, and PHP
 * decides (a ValueError, a coercion, a warning). */
static bool chan_select_timeout(zend_execute_data *execute_data, double *timeout)
{
	uint32_t n = ZEND_NUM_ARGS();
	if (n < 4 || n > 5) {
		return false;
	}
	for (uint32_t i = 1; i <= 3; i++) {
		zval *arg = ZEND_CALL_ARG(execute_data, i);
		if (!Z_ISREF_P(arg) || (Z_TYPE_P(Z_REFVAL_P(arg)) != IS_ARRAY && Z_TYPE_P(Z_REFVAL_P(arg)) != IS_NULL)) {
			return false;
		}
	}
	zval *sec = ZEND_CALL_ARG(execute_data, 4), *usec = n == 5 ? ZEND_CALL_ARG(execute_data, 5) : NULL;
	if (usec && Z_TYPE_P(usec) != IS_LONG && Z_TYPE_P(usec) != IS_NULL) {
		return false;
	}
	zend_long us = usec && Z_TYPE_P(usec) == IS_LONG ? Z_LVAL_P(usec) : 0;
	if (Z_TYPE_P(sec) == IS_NULL) {
		*timeout = -1;
		return us == 0; /* PHP rejects microseconds without seconds */
	}
	if (Z_TYPE_P(sec) != IS_LONG || Z_LVAL_P(sec) < 0 || us < 0) {
		return false;
	}
	*timeout = (double) Z_LVAL_P(sec) + (double) us / 1e6;
	return *timeout > 0;
}

typedef struct {
	int fd;
	unsigned events;
} chan_select_fd;

/* The descriptors of the streams of one array, appended to fds; what is no
 * stream PHP can select on is left out, as PHP leaves it out. */
static void chan_select_fds(zval *arr, unsigned events, chan_select_fd *fds, uint32_t *nfds)
{
	if (Z_TYPE_P(arr) != IS_ARRAY) {
		return;
	}
	zval *elem;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), elem)
	{
		ZVAL_DEREF(elem);
		php_stream *stream;
		php_socket_t fd;
		if (Z_TYPE_P(elem) != IS_RESOURCE ||
		    !(stream = (php_stream *) zend_fetch_resource2(Z_RES_P(elem), NULL, php_file_le_stream(),
		                                                   php_file_le_pstream())) ||
		    php_stream_cast(stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL, (void *) &fd, 0) !=
		        SUCCESS ||
		    fd < 0) {
			continue;
		}
		fds[(*nfds)++] = (chan_select_fd){.fd = (int) fd, .events = events};
	}
	ZEND_HASH_FOREACH_END();
}

/* Parks until one of fds is ready (with none, for the timeout, as select()
 * with no descriptor sleeps): CHAN_WAKE_OK (also when the loop refuses a
 * descriptor as always ready: a regular file), CHAN_WAKE_TIMEOUT,
 * CHAN_WAKE_CLOSED, or a reason for chan_raise(); CHAN_WAKE_NONE when the
 * loop cannot watch a descriptor (nothing thrown) or cannot watch at all
 * (Chan\Error thrown). */
static chan_wake chan_select_wait(chan_select_fd *fds, uint32_t nfds, double timeout)
{
	if (nfds == 0) {
		return chan_wait(NULL, 0, timeout);
	}
	chan_waiter *w = safe_emalloc(nfds, sizeof(chan_waiter), 0);
	chan_coro *self = chan_current();
	uint32_t linked = 0;
	chan_wake why = CHAN_WAKE_NONE;
	for (; linked < nfds; linked++) {
		w[linked] = (chan_waiter){.coro = self, .index = linked};
		int err = chan_loop_watch(fds[linked].fd, fds[linked].events, 0, &w[linked]);
		if (err) {
			why = err == EPERM ? CHAN_WAKE_OK : CHAN_WAKE_NONE;
			break;
		}
	}
	if (linked == nfds) {
		why = chan_wait(w, nfds, timeout);
	} else {
		for (uint32_t i = 0; i < linked; i++) {
			chan_waitq_remove(&w[i]);
		}
	}
	/* The waiter that fired used up its arm, the others' are taken back;
	 * a descriptor closed under the wait is the loop's no more (its number
	 * may be another's by now). */
	int closed = linked == nfds && why == CHAN_WAKE_CLOSED ? fds[self->fired].fd : -1;
	for (uint32_t i = 0; i < linked; i++) {
		bool fired = linked == nfds && why == CHAN_WAKE_OK && self->fired == i;
		chan_loop_unwatch(fds[i].fd, 0,
		                  fds[i].fd == closed ? CHAN_WAKE_CLOSED
		                  : fired             ? CHAN_WAKE_OK
		                                      : CHAN_WAKE_TIMEOUT);
	}
	efree(w);
	return why;
}

static ZEND_NAMED_FUNCTION(chan_hook_stream_select)
{
	double timeout;
	if (!chan_hook_active(CHAN_HOOK_STREAM) || !chan_select_timeout(execute_data, &timeout)) {
		chan_stream_select_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	zval given[3];
	for (uint32_t i = 0; i < 3; i++) {
		ZVAL_COPY(&given[i], Z_REFVAL_P(ZEND_CALL_ARG(execute_data, i + 1)));
	}
	chan_select_now(INTERNAL_FUNCTION_PARAM_PASSTHRU, false);
	if (EG(exception) || Z_TYPE_P(return_value) != IS_LONG || Z_LVAL_P(return_value) != 0) {
		for (uint32_t i = 0; i < 3; i++) {
			zval_ptr_dtor(&given[i]);
		}
		return; /* ready at once (buffered data too), or PHP's error */
	}
	for (uint32_t i = 0; i < 3; i++) { /* the arrays as they were given */
		zval *arr = Z_REFVAL_P(ZEND_CALL_ARG(execute_data, i + 1));
		zval_ptr_dtor(arr);
		ZVAL_COPY_VALUE(arr, &given[i]);
	}
	zval *r = Z_REFVAL_P(ZEND_CALL_ARG(execute_data, 1)), *wr = Z_REFVAL_P(ZEND_CALL_ARG(execute_data, 2)),
	     *ex = Z_REFVAL_P(ZEND_CALL_ARG(execute_data, 3));
	uint32_t max = (Z_TYPE_P(r) == IS_ARRAY ? zend_hash_num_elements(Z_ARRVAL_P(r)) : 0) +
	               (Z_TYPE_P(wr) == IS_ARRAY ? zend_hash_num_elements(Z_ARRVAL_P(wr)) : 0);
	bool except = Z_TYPE_P(ex) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(ex)) > 0;
	chan_wake why = CHAN_WAKE_NONE;
	if (!except) {
		chan_select_fd *fds = max ? safe_emalloc(max, sizeof(chan_select_fd), 0) : NULL;
		uint32_t nfds = 0;
		chan_select_fds(r, CHAN_POLL_IN, fds, &nfds);
		chan_select_fds(wr, CHAN_POLL_OUT, fds, &nfds);
		if (chan_checkpoint()) {
			why = chan_select_wait(fds, nfds, timeout);
		}
		if (fds) {
			efree(fds);
		}
	}
	if (EG(exception)) {
		RETURN_FALSE;
	}
	switch (why) {
		case CHAN_WAKE_NONE:
			chan_select_again(INTERNAL_FUNCTION_PARAM_PASSTHRU); /* PHP's own, blocking the process */
			return;
		case CHAN_WAKE_OK:
		case CHAN_WAKE_TIMEOUT:
		case CHAN_WAKE_CLOSED:
			chan_select_now(INTERNAL_FUNCTION_PARAM_PASSTHRU, true);
			return;
		default:
			chan_raise(why);
			RETURN_FALSE;
	}
}

static const chan_wrapped_function chan_selectors[] = {
    {"stream_select", chan_hook_stream_select, &chan_stream_select_prev},
};

void chan_hook_select_minit(void)
{
	chan_wrap_functions(chan_selectors, sizeof(chan_selectors) / sizeof(chan_selectors[0]));
}

void chan_hook_select_mshutdown(void)
{
	chan_unwrap_functions(chan_selectors, sizeof(chan_selectors) / sizeof(chan_selectors[0]));
}
