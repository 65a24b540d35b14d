/*
 * chan_group.c - Chan\Group: Go's errgroup with a limit.
 *
 * Policy. A member is an ordinary coroutine that points at its group and
 * holds a reference to it, so a group lives until its last member ends.
 * The scheduler reports two events, to the listener registered at MINIT
 * (chan_coro_listen(), for members only: co->notify): an exception escaped a
 * member (kept as the group's failure if it is the first; the others are
 * cancelled, never aborting the scheduler) and a member ended (its return
 * value is filed under its go() order, one parked go() may take the free
 * slot, and wait() wakes when none is left). A failure that no wait() has
 * thrown when the group is destroyed is reported as PHP reports an
 * uncaught exception.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_scheduler.h"
#include "chan_cancel.h"
#include "chan_loop.h"
#include "zend_exceptions.h"

struct chan_group {
	zend_long limit; /* 0: none */
	uint32_t unfinished;
	uint32_t started; /* go() calls so far: the next member's index */
	bool constructed;
	bool cancelled; /* members started from now on are cancelled at once */
	bool seen;      /* wait() has thrown the failure */
	zend_object *failure;
	chan_coro *members; /* unfinished */
	HashTable results;  /* go() order => return value */
	chan_waitq waiters; /* in wait() */
	chan_waitq slots;   /* in go(), for a member to finish */
	zend_object std;
};

static zend_object_handlers chan_group_handlers;

static zend_always_inline chan_group *chan_group_from_obj(zend_object *obj)
{
	return (chan_group *) ((char *) obj - offsetof(chan_group, std));
}

static zend_object *chan_group_create(zend_class_entry *ce)
{
	chan_group *g = zend_object_alloc(sizeof(chan_group), ce);
	zend_object_std_init(&g->std, ce);
	object_properties_init(&g->std, ce);
	zend_hash_init(&g->results, 0, NULL, ZVAL_PTR_DTOR, 0);
	g->std.handlers = &chan_group_handlers;
	return &g->std;
}

static void chan_group_cancel_members(chan_group *g)
{
	g->cancelled = true;
	for (chan_coro *co = g->members; co; co = co->group_next) {
		chan_cancel(co);
	}
}

/* The bit of co->notify that makes the core tell us of a member's end. */
static uint8_t chan_group_bit;

/* An exception other than its own cancellation escaped member co: the
 * group keeps the first one and cancels the other members. */
static bool chan_group_member_failed(chan_coro *co, zend_object *ex)
{
	chan_group *g = co->group;
	if (g->failure) {
		return true; /* only the first one counts */
	}
	GC_ADDREF(ex);
	g->failure = ex;
	chan_group_cancel_members(g);
	return true; /* the group holds it: nothing is aborted */
}

/* Member co has finished (or is discarded unstarted): its result, if it
 * returned one, goes to the group, whose waiters may wake; the member's
 * reference to the group is released, which may destroy it. */
static void chan_group_member_end(chan_coro *co)
{
	chan_group *g = co->group;
	co->group = NULL;
	co->notify &= (uint8_t) ~chan_group_bit;
	if (co->group_prev) {
		co->group_prev->group_next = co->group_next;
	} else {
		g->members = co->group_next;
	}
	if (co->group_next) {
		co->group_next->group_prev = co->group_prev;
	}
	g->unfinished--;
	if (!Z_ISUNDEF(co->retval)) {
		zend_hash_index_add_new(&g->results, co->group_index, &co->retval);
		ZVAL_UNDEF(&co->retval);
	}
	chan_waiter *w = chan_waitq_shift(&g->slots);
	if (w) {
		chan_wakeup(w->coro, CHAN_WAKE_OK, w);
	}
	if (!g->unfinished) {
		while ((w = chan_waitq_shift(&g->waiters))) {
			chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		}
	}
	OBJ_RELEASE(&g->std);
}

/* Parks the caller on q: true when woken by the group, false with an
 * exception thrown (Chan\TimeoutException naming what, or the reason's). */
static bool chan_group_park(chan_waitq *q, double timeout, const char *what)
{
	if (timeout == 0) {
		zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\Group::%s() timed out", what);
		return false;
	}
	if (!chan_can_block()) {
		return false;
	}
	chan_waiter w = {.coro = chan_current()};
	chan_waitq_push(q, &w);
	chan_wake why = chan_wait(&w, 1, timeout);
	if (why == CHAN_WAKE_OK) {
		return true;
	}
	if (why == CHAN_WAKE_TIMEOUT) {
		zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\Group::%s() timed out", what);
	} else {
		chan_raise(why);
	}
	return false;
}

ZEND_METHOD(Chan_Group, __construct)
{
	zend_long limit = 0;
	bool limit_null = true;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG_OR_NULL(limit, limit_null)
	ZEND_PARSE_PARAMETERS_END();

	chan_group *g = chan_group_from_obj(Z_OBJ_P(ZEND_THIS));
	if (UNEXPECTED(g->constructed)) {
		zend_throw_error(chan_ce_error, "Chan\\Group::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (!limit_null && limit < 1) {
		zend_argument_value_error(1, "must be null or greater than 0");
		RETURN_THROWS();
	}
	g->constructed = true;
	g->limit = limit_null ? 0 : limit;
}

ZEND_METHOD(Chan_Group, go)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;

	CHAN_PARSE_CALLABLE_ARGS(fci, fcc);

	chan_group *g = chan_group_from_obj(Z_OBJ_P(ZEND_THIS));
	if (!chan_checkpoint()) {
		RETURN_THROWS();
	}
	while (g->limit && g->unfinished >= g->limit) {
		if (!chan_group_park(&g->slots, -1, "go")) {
			RETURN_THROWS();
		}
	}
	chan_coro *co = chan_spawn(&fci, &fcc);
	if (!co) {
		RETURN_THROWS();
	}
	co->group = g;
	co->notify |= chan_group_bit;
	co->group_index = g->started++;
	co->group_prev = NULL;
	co->group_next = g->members;
	if (g->members) {
		g->members->group_prev = co;
	}
	g->members = co;
	g->unfinished++;
	GC_ADDREF(&g->std);
	if (g->cancelled) {
		chan_cancel(co);
	}
	RETURN_LONG(co->id);
}

ZEND_METHOD(Chan_Group, wait)
{
	double seconds = 0, timeout;
	bool is_null = true;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!chan_timeout_arg(1, seconds, is_null, &timeout) || !chan_checkpoint()) {
		RETURN_THROWS();
	}
	chan_group *g = chan_group_from_obj(Z_OBJ_P(ZEND_THIS));
	if (chan_current()->group == g) {
		zend_throw_error(chan_ce_error, "Chan\\Group::wait() cannot be called by a member of the same group");
		RETURN_THROWS();
	}
	/* Members started meanwhile are waited for too; one park per round,
	 * each with what is left of the timeout. */
	uint64_t start = timeout > 0 ? chan_now_ns() : 0;
	while (g->unfinished) {
		double left = timeout;
		if (timeout > 0) {
			left -= (double) (chan_now_ns() - start) / 1e9;
			left = left > 0 ? left : 0;
		}
		if (!chan_group_park(&g->waiters, left, "wait")) {
			RETURN_THROWS();
		}
	}
	if (g->failure) {
		g->seen = true;
		GC_ADDREF(g->failure);
		zend_throw_exception_internal(g->failure);
		RETURN_THROWS();
	}
	array_init_size(return_value, zend_hash_num_elements(&g->results));
	for (uint32_t i = 0; i < g->started; i++) {
		zval *v = zend_hash_index_find(&g->results, i);
		if (v) {
			Z_TRY_ADDREF_P(v);
			zend_hash_index_add_new(Z_ARRVAL_P(return_value), i, v);
		}
	}
}

ZEND_METHOD(Chan_Group, cancel)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_group_cancel_members(chan_group_from_obj(Z_OBJ_P(ZEND_THIS)));
}

ZEND_METHOD(Chan_Group, count)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(chan_group_from_obj(Z_OBJ_P(ZEND_THIS))->unfinished);
}

/* A failure nobody saw: reported as PHP reports an uncaught exception,
 * and the script ends as it would then, also while another exception
 * unwinds (the one that dropped the group): that one is lost with the
 * script, as it would be to any fatal error. */
static void chan_group_dtor(zend_object *obj)
{
	chan_group *g = chan_group_from_obj(obj);
	zend_objects_destroy_object(obj);
	if (g->failure && !g->seen) {
		g->seen = true;
		zend_clear_exception();
		GC_ADDREF(g->failure);
		zend_exception_error(g->failure, E_ERROR); /* releases its reference */
		EG(exit_status) = 255;
		zend_bailout();
	}
}

static void chan_group_free(zend_object *obj)
{
	chan_group *g = chan_group_from_obj(obj);
	if (g->failure) {
		OBJ_RELEASE(g->failure);
	}
	zend_hash_destroy(&g->results);
	zend_object_std_dtor(obj);
}

static HashTable *chan_group_get_gc(zend_object *obj, zval **table, int *n)
{
	chan_group *g = chan_group_from_obj(obj);
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();
	zval *v;
	ZEND_HASH_FOREACH_VAL(&g->results, v)
	{
		zend_get_gc_buffer_add_zval(buf, v);
	}
	ZEND_HASH_FOREACH_END();
	if (g->failure) {
		zend_get_gc_buffer_add_obj(buf, g->failure);
	}
	zend_get_gc_buffer_use(buf, table, n);
	return zend_std_get_properties(obj);
}

static const chan_coro_listener chan_group_listener = {
    .ended = chan_group_member_end,
    .threw = chan_group_member_failed,
};

void chan_group_minit(void)
{
	chan_group_bit = chan_coro_listen(&chan_group_listener);
	chan_ce_group->create_object = chan_group_create;
	memcpy(&chan_group_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	chan_group_handlers.offset = offsetof(chan_group, std);
	chan_group_handlers.clone_obj = NULL;
	chan_group_handlers.dtor_obj = chan_group_dtor;
	chan_group_handlers.free_obj = chan_group_free;
	chan_group_handlers.get_gc = chan_group_get_gc;
}
