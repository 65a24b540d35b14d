/*
 * chan_waitgroup.c - Chan\WaitGroup: a counter and a queue of coroutines
 * parked until it reaches zero. All of them are woken together, in the
 * order they started waiting.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_scheduler.h"
#include "zend_exceptions.h"

typedef struct chan_waitgroup {
	zend_long count;
	bool constructed;
	chan_waitq waiters;
	zend_object std;
} chan_waitgroup;

static zend_object_handlers chan_waitgroup_handlers;

static zend_always_inline chan_waitgroup *chan_waitgroup_from_obj(zend_object *obj)
{
	return (chan_waitgroup *) ((char *) obj - offsetof(chan_waitgroup, std));
}

static zend_object *chan_waitgroup_create(zend_class_entry *ce)
{
	chan_waitgroup *wg = zend_object_alloc(sizeof(chan_waitgroup), ce);
	zend_object_std_init(&wg->std, ce);
	object_properties_init(&wg->std, ce);
	wg->std.handlers = &chan_waitgroup_handlers;
	return &wg->std;
}

static bool chan_waitgroup_add(chan_waitgroup *wg, zend_long delta)
{
	if (delta < -wg->count) {
		zend_throw_error(chan_ce_error, "Chan\\WaitGroup counter cannot go below zero");
		return false;
	}
	if (delta > 0 && wg->count > ZEND_LONG_MAX - delta) {
		zend_throw_error(chan_ce_error, "Chan\\WaitGroup counter overflow");
		return false;
	}
	wg->count += delta;
	if (wg->count == 0) {
		chan_waiter *w;
		while ((w = chan_waitq_shift(&wg->waiters))) {
			chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		}
	}
	return true;
}

ZEND_METHOD(Chan_WaitGroup, __construct)
{
	zend_long count = 0;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG(count)
	ZEND_PARSE_PARAMETERS_END();

	chan_waitgroup *wg = chan_waitgroup_from_obj(Z_OBJ_P(ZEND_THIS));
	if (UNEXPECTED(wg->constructed)) {
		zend_throw_error(chan_ce_error, "Chan\\WaitGroup::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (count < 0) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
	wg->count = count;
	wg->constructed = true;
}

ZEND_METHOD(Chan_WaitGroup, add)
{
	zend_long delta = 1;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG(delta)
	ZEND_PARSE_PARAMETERS_END();

	chan_waitgroup_add(chan_waitgroup_from_obj(Z_OBJ_P(ZEND_THIS)), delta);
}

ZEND_METHOD(Chan_WaitGroup, done)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_waitgroup_add(chan_waitgroup_from_obj(Z_OBJ_P(ZEND_THIS)), -1);
}

ZEND_METHOD(Chan_WaitGroup, wait)
{
	double t = 0, timeout;
	bool t_null = true;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(t, t_null)
	ZEND_PARSE_PARAMETERS_END();

	chan_waitgroup *wg = chan_waitgroup_from_obj(Z_OBJ_P(ZEND_THIS));
	if (!chan_timeout_arg(1, t, t_null, &timeout) || !chan_checkpoint()) {
		RETURN_THROWS();
	}
	if (wg->count == 0) {
		return;
	}
	if (timeout == 0) {
		zend_throw_exception(chan_ce_timeout_exception, "Chan\\WaitGroup::wait() timed out", 0);
		RETURN_THROWS();
	}
	if (!chan_can_block()) {
		RETURN_THROWS();
	}
	chan_waiter w = {.coro = chan_current()};
	chan_waitq_push(&wg->waiters, &w);
	chan_wake why = chan_wait(&w, 1, timeout);
	if (why == CHAN_WAKE_TIMEOUT) {
		zend_throw_exception(chan_ce_timeout_exception, "Chan\\WaitGroup::wait() timed out", 0);
	} else if (why != CHAN_WAKE_OK) {
		chan_raise(why);
	}
}

ZEND_METHOD(Chan_WaitGroup, count)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(chan_waitgroup_from_obj(Z_OBJ_P(ZEND_THIS))->count);
}

void chan_waitgroup_minit(void)
{
	chan_ce_waitgroup->create_object = chan_waitgroup_create;
	memcpy(&chan_waitgroup_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	chan_waitgroup_handlers.offset = offsetof(chan_waitgroup, std);
	chan_waitgroup_handlers.clone_obj = NULL;
}
