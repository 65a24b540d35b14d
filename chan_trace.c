/*
 * chan_trace.c - what coroutines are doing: Coroutine::list(), trace(),
 * and the report of blocked coroutines that Chan\DeadlockError and the
 * "blocked forever at script end" warning carry, as Go prints its
 * goroutines.
 *
 * Every context records the VM frame it was in when it last gave up the
 * CPU (chan_schedule(): one store per switch); a parked or queued context
 * still owns that frame, so its backtrace is PHP's own walk from there, as
 * ReflectionFiber::getTrace() does for fibers. What a context waits on is
 * the function of that frame (Chan\Channel::pop, Chan\select...), or, when
 * the frame is the coroutine's own code, a foreach over a channel (the only
 * blocking call made without a call frame of its own).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_scheduler.h"
#include "chan_trace.h"
#include "zend_builtin_functions.h"

/* The report: one line per context, oldest first, at most CHAN_REPORT_MAX,
 * then a count of the rest; main first, when it is blocked (main_blocked:
 * it is running, about to throw from the blocking call it was woken in). */
#define CHAN_REPORT_MAX 32

/* Where go() made it, as Go's traceback names its "created by". */
static void chan_report_created(smart_str *s, const chan_coro *co)
{
	if (co->created_file) {
		smart_str_append_printf(s, ", created at %s:%u", ZSTR_VAL(co->created_file), co->created_line);
	}
}

static void chan_report_line(smart_str *s, const chan_coro *co, uint8_t state)
{
	if (co->id) {
		smart_str_append_printf(s, "\ncoroutine " ZEND_LONG_FMT, co->id);
	} else {
		smart_str_appends(s, "\nmain");
	}
	if (state == CHAN_CORO_READY) {
		smart_str_appends(s, " [not started]");
		chan_report_created(s, co);
		return;
	}
	const zend_execute_data *ex = co->frame;
	const zend_function *top = ex ? ex->func : NULL;
	if (state == CHAN_CORO_RUNNING) {
		smart_str_appends(s, " [running]");
	} else if (state == CHAN_CORO_RUNNABLE) {
		smart_str_appends(s, " [runnable]");
	} else if (top && !ZEND_USER_CODE(top->type) && top->common.function_name) {
		smart_str_appends(s, " [");
		if (top->common.scope) {
			smart_str_append(s, top->common.scope->name);
			smart_str_appends(s, "::");
		}
		smart_str_append(s, top->common.function_name);
		smart_str_appends(s, "]");
	} else {
		smart_str_appends(s, " [foreach over Chan\\Channel]");
	}
	while (ex && (!ex->func || !ZEND_USER_CODE(ex->func->type))) {
		ex = ex->prev_execute_data;
	}
	if (ex && ex->opline) {
		smart_str_append_printf(s, " at %s:%u", ZSTR_VAL(ex->func->op_array.filename), ex->opline->lineno);
	}
	chan_report_created(s, co);
}

static void chan_report_blocked(smart_str *s, bool main_blocked)
{
	chan_coro *main = chan_main(), *co = chan_live_head(), *oldest = NULL;
	uint32_t shown = 0, total = 0;
	if (main_blocked || main->state != CHAN_CORO_RUNNING) {
		chan_report_line(s, main, main_blocked ? CHAN_CORO_PARKED : main->state);
		shown++;
	}
	/* Oldest first: the list is newest first, and ids grow. */
	for (; co; co = co->live_next) {
		oldest = co;
		total++;
	}
	for (co = oldest; co && shown < CHAN_REPORT_MAX; co = co->live_prev, total--) {
		chan_report_line(s, co, co->state);
		shown++;
	}
	if (co) {
		smart_str_append_printf(s, "\n... and %u more", total);
	}
}

ZEND_METHOD(Chan_Coroutine, list)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_coro *co = chan_live_head(), *oldest = NULL;
	uint32_t n = 0;
	for (; co; co = co->live_next) {
		oldest = co;
		n++;
	}
	array_init_size(return_value, n);
	zend_hash_real_init_packed(Z_ARRVAL_P(return_value));
	ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(return_value))
	{
		for (co = oldest; co; co = co->live_prev) {
			ZEND_HASH_FILL_SET_LONG(co->id);
			ZEND_HASH_FILL_NEXT();
		}
	}
	ZEND_HASH_FILL_END();
}

/* A context parked in a foreach over a channel has no call frame for it:
 * the backtrace gets the one a PHP iterator's next() would have, at the
 * foreach's file and line, so that its top says where it waits. */
static void chan_trace_foreach_frame(zval *trace, const zend_execute_data *ex, zend_long options)
{
	zval frame, v, with;
	array_init(&frame);
	ZVAL_STR_COPY(&v, ex->func->op_array.filename);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_FILE), &v);
	ZVAL_LONG(&v, ex->opline->lineno);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_LINE), &v);
	ZVAL_STRINGL(&v, "next", 4);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_FUNCTION), &v);
	ZVAL_STR_COPY(&v, chan_ce_channel_iterator->name);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_CLASS), &v);
	ZVAL_INTERNED_STR(&v, ZSTR_KNOWN(ZEND_STR_OBJECT_OPERATOR));
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_TYPE), &v);
	if (!(options & DEBUG_BACKTRACE_IGNORE_ARGS)) {
		ZVAL_EMPTY_ARRAY(&v);
		zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_ARGS), &v);
	}
	array_init_size(&with, zend_hash_num_elements(Z_ARRVAL_P(trace)) + 1);
	zend_hash_next_index_insert_new(Z_ARRVAL(with), &frame);
	zval *f;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(trace), f)
	{
		Z_TRY_ADDREF_P(f);
		zend_hash_next_index_insert_new(Z_ARRVAL(with), f);
	}
	ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(trace);
	ZVAL_COPY_VALUE(trace, &with);
}

ZEND_METHOD(Chan_Coroutine, trace)
{
	zend_long id, options = DEBUG_BACKTRACE_PROVIDE_OBJECT;

	ZEND_PARSE_PARAMETERS_START(1, 2)
	Z_PARAM_LONG(id)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	chan_coro *co = id == 0 ? chan_main() : chan_coro_find(id);
	if (!co) {
		RETURN_NULL();
	}
	if (co == chan_current()) {
		zend_fetch_debug_backtrace(return_value, 1, (int) options, 0); /* from the caller */
		return;
	}
	if (co->state == CHAN_CORO_READY || !co->frame) {
		RETURN_EMPTY_ARRAY();
	}
	zend_execute_data *self = EG(current_execute_data);
	EG(current_execute_data) = co->frame;
	zend_fetch_debug_backtrace(return_value, 0, (int) options, 0);
	EG(current_execute_data) = self;
	if (ZEND_USER_CODE(co->frame->func->type) && co->frame->opline && Z_TYPE_P(return_value) == IS_ARRAY) {
		chan_trace_foreach_frame(return_value, co->frame, options);
	}
	chan_backtrace_name_creator(return_value, co);
}

void chan_trace_minit(void)
{
	chan_report_with(chan_report_blocked);
}
