/*
 * chan_channel.c - the channel core (see chan_channel.h) and Chan\Channel.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_channel.h"
#include "chan_loop.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"

#define CHAN_MAX_CAPACITY (1 << 24)

/* Queue slots carry zvals as they are. */
typedef char chan_zval_fits_slot[sizeof(zval) == sizeof(chan_slot) ? 1 : -1];

static zend_object_handlers chan_channel_handlers;

/* --- core ------------------------------------------------------------- */

chan_op chan_channel_try_send(chan_channel *ch, zval *value)
{
	if (UNEXPECTED(ch->closed)) {
		return CHAN_OP_CLOSED;
	}
	chan_waiter *w = chan_waitq_shift(&ch->receivers);
	if (w) {
		ZVAL_COPY(w->slot, value);
		chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		return CHAN_OP_OK;
	}
	/* Single-threaded: nobody can pop it before the reference is taken. */
	if (ch->q && ch->ops->push(ch->q, (const chan_slot *) value)) {
		Z_TRY_ADDREF_P(value);
		return CHAN_OP_OK;
	}
	return CHAN_OP_WOULD_BLOCK;
}

chan_op chan_channel_try_recv(chan_channel *ch, zval *out)
{
	chan_waiter *w;
	chan_channel_poll(ch);
	if (ch->q && ch->ops->pop(ch->q, (chan_slot *) out)) {
		w = chan_waitq_shift(&ch->senders);
		if (w) {
			/* The slot just freed goes to the longest-waiting pusher. */
			ch->ops->push(ch->q, (const chan_slot *) w->slot);
			Z_TRY_ADDREF_P(w->slot);
			chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		}
		return CHAN_OP_OK;
	}
	w = chan_waitq_shift(&ch->senders);
	if (w) {
		ZVAL_COPY(out, w->slot);
		chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		return CHAN_OP_OK;
	}
	return ch->closed ? CHAN_OP_CLOSED : CHAN_OP_WOULD_BLOCK;
}

static void chan_throw_timeout(const char *op)
{
	zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\Channel::%s() timed out", op);
}

static void chan_throw_closed(const char *what)
{
	zend_throw_exception_ex(chan_ce_closed_exception, 0, "%s", what);
}

/* Blocking send. Returns true when delivered; else an exception is thrown. */
static zend_always_inline bool chan_channel_send(chan_channel *ch, zval *value, double timeout)
{
	if (!chan_checkpoint()) {
		return false;
	}
	chan_op r = chan_channel_try_send(ch, value);
	if (EXPECTED(r == CHAN_OP_OK)) {
		return true;
	}
	if (r == CHAN_OP_CLOSED) {
		chan_throw_closed("Cannot push to a closed channel");
		return false;
	}
	if (timeout == 0) {
		chan_throw_timeout("push");
		return false;
	}
	if (!chan_can_block()) {
		return false;
	}
	chan_waiter w = {.coro = chan_current(), .slot = value};
	chan_waitq_push(&ch->senders, &w);
	chan_wake why = chan_wait(&w, 1, timeout);
	switch (why) {
		case CHAN_WAKE_OK:
			return true;
		case CHAN_WAKE_CLOSED:
			chan_throw_closed("The channel was closed while pushing");
			return false;
		case CHAN_WAKE_TIMEOUT:
			chan_throw_timeout("push");
			return false;
		default:
			chan_raise(why);
			return false;
	}
}

/* Blocking receive into *out: CHAN_OP_OK, CHAN_OP_CLOSED (closed and
 * drained, nothing thrown), or CHAN_OP_WOULD_BLOCK with an exception thrown. */
static zend_always_inline chan_op chan_channel_recv(chan_channel *ch, zval *out, double timeout)
{
	if (!chan_checkpoint()) {
		return CHAN_OP_WOULD_BLOCK;
	}
	chan_op r = chan_channel_try_recv(ch, out);
	if (EXPECTED(r != CHAN_OP_WOULD_BLOCK)) {
		return r;
	}
	if (timeout == 0) {
		chan_throw_timeout("pop");
		return r;
	}
	if (!chan_can_block()) {
		return r;
	}
	ZVAL_UNDEF(out);
	chan_waiter w = {.coro = chan_current(), .slot = out};
	chan_waitq_push(&ch->receivers, &w);
	bool fed = UNEXPECTED(ch->feed != NULL); /* a timer channel: counted only then, off the hot path */
	if (fed) {
		chan_loop_timer_awaited(1);
	}
	chan_wake why = chan_wait(&w, 1, timeout);
	if (fed) {
		chan_loop_timer_awaited(-1);
	}
	switch (why) {
		case CHAN_WAKE_OK:
			return CHAN_OP_OK;
		case CHAN_WAKE_CLOSED:
			return CHAN_OP_CLOSED;
		case CHAN_WAKE_TIMEOUT:
			chan_throw_timeout("pop");
			return CHAN_OP_WOULD_BLOCK;
		default:
			/* A value handed over before a cancel goes with the coroutine. */
			zval_ptr_dtor(out);
			ZVAL_UNDEF(out);
			chan_raise(why);
			return CHAN_OP_WOULD_BLOCK;
	}
}

static void chan_channel_unfeed(chan_channel *ch)
{
	if (ch->feed) {
		chan_feed *f = ch->feed;
		ch->feed = NULL;
		f->ops->stop(f);
	}
}

static bool chan_channel_close(chan_channel *ch)
{
	if (ch->closed) {
		return false;
	}
	ch->closed = true;
	chan_channel_unfeed(ch);
	chan_waiter *w;
	while ((w = chan_waitq_shift(&ch->receivers))) {
		chan_wakeup(w->coro, CHAN_WAKE_CLOSED, w);
	}
	while ((w = chan_waitq_shift(&ch->senders))) {
		chan_wakeup(w->coro, CHAN_WAKE_CLOSED, w);
	}
	return true;
}

static zend_long chan_channel_length(chan_channel *ch)
{
	chan_channel_poll(ch);
	return ch->q ? (zend_long) ch->ops->length(ch->q) : 0;
}

/* --- object handlers -------------------------------------------------- */

static zend_object *chan_channel_create(zend_class_entry *ce)
{
	chan_channel *ch = zend_object_alloc(sizeof(chan_channel), ce);
	zend_object_std_init(&ch->std, ce);
	object_properties_init(&ch->std, ce);
	ch->std.handlers = &chan_channel_handlers;
	return &ch->std;
}

static void chan_channel_free(zend_object *obj)
{
	chan_channel *ch = chan_channel_from_obj(obj);
	chan_channel_unfeed(ch);
	if (ch->q) {
		zval v;
		while (ch->ops->pop(ch->q, (chan_slot *) &v)) {
			zval_ptr_dtor(&v);
		}
		ch->ops->destroy(ch->q);
		ch->q = NULL;
	}
	zend_object_std_dtor(obj);
}

static void chan_gc_visit(chan_slot *slot, void *buf)
{
	zend_get_gc_buffer_add_zval((zend_get_gc_buffer *) buf, (zval *) slot);
}

static HashTable *chan_channel_get_gc(zend_object *obj, zval **table, int *n)
{
	chan_channel *ch = chan_channel_from_obj(obj);
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();
	if (ch->q) {
		ch->ops->visit(ch->q, chan_gc_visit, buf);
	}
	zend_get_gc_buffer_use(buf, table, n);
	return NULL;
}

#define CHAN_THIS()                                                                                                    \
	chan_channel *ch = chan_channel_from_obj(Z_OBJ_P(ZEND_THIS));                                                      \
	if (UNEXPECTED(!ch->ops)) {                                                                                        \
		zend_throw_error(chan_ce_error, "Chan\\Channel object is not initialized");                                    \
		RETURN_THROWS();                                                                                               \
	}

/* --- iterator: each step pops ------------------------------------------- */

typedef struct chan_channel_iter {
	zend_object_iterator it;
	zval value;
	zend_long key;
	bool started;
} chan_channel_iter;

static void chan_iter_step(chan_channel_iter *iter)
{
	chan_channel *ch = chan_channel_from_obj(Z_OBJ(iter->it.data));
	zval_ptr_dtor(&iter->value);
	ZVAL_UNDEF(&iter->value);
	if (chan_channel_recv(ch, &iter->value, -1) != CHAN_OP_OK) {
		ZVAL_UNDEF(&iter->value);
	}
}

static void chan_iter_dtor(zend_object_iterator *it)
{
	chan_channel_iter *iter = (chan_channel_iter *) it;
	zval_ptr_dtor(&iter->value);
	zval_ptr_dtor(&it->data);
}

static zend_result chan_iter_valid(zend_object_iterator *it)
{
	return Z_ISUNDEF(((chan_channel_iter *) it)->value) ? FAILURE : SUCCESS;
}

static zval *chan_iter_current(zend_object_iterator *it)
{
	return &((chan_channel_iter *) it)->value;
}

static void chan_iter_key(zend_object_iterator *it, zval *key)
{
	ZVAL_LONG(key, ((chan_channel_iter *) it)->key);
}

static void chan_iter_next(zend_object_iterator *it)
{
	chan_channel_iter *iter = (chan_channel_iter *) it;
	iter->key++;
	chan_iter_step(iter);
}

static void chan_iter_rewind(zend_object_iterator *it)
{
	chan_channel_iter *iter = (chan_channel_iter *) it;
	if (!iter->started) {
		iter->started = true;
		chan_iter_step(iter);
	}
}

static HashTable *chan_iter_get_gc(zend_object_iterator *it, zval **table, int *n)
{
	chan_channel_iter *iter = (chan_channel_iter *) it;
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();
	zend_get_gc_buffer_add_zval(buf, &it->data);
	zend_get_gc_buffer_add_zval(buf, &iter->value);
	zend_get_gc_buffer_use(buf, table, n);
	return NULL;
}

static const zend_object_iterator_funcs chan_iter_funcs = {
    .dtor = chan_iter_dtor,
    .valid = chan_iter_valid,
    .get_current_data = chan_iter_current,
    .get_current_key = chan_iter_key,
    .move_forward = chan_iter_next,
    .rewind = chan_iter_rewind,
    .invalidate_current = NULL,
    .get_gc = chan_iter_get_gc,
};

static zend_object_iterator *chan_channel_get_iterator(zend_class_entry *ce, zval *object, int by_ref)
{
	(void) ce;
	if (by_ref) {
		zend_throw_error(chan_ce_error, "Cannot iterate a Chan\\Channel by reference");
		return NULL;
	}
	if (!chan_channel_from_obj(Z_OBJ_P(object))->ops) {
		zend_throw_error(chan_ce_error, "Chan\\Channel object is not initialized");
		return NULL;
	}
	chan_channel_iter *iter = ecalloc(1, sizeof(chan_channel_iter));
	zend_iterator_init(&iter->it);
	ZVAL_OBJ_COPY(&iter->it.data, Z_OBJ_P(object));
	iter->it.funcs = &chan_iter_funcs;
	ZVAL_UNDEF(&iter->value);
	return &iter->it;
}

/* --- Chan\ChannelIterator: getIterator()'s object over the same iterator --- */

/* PHP's InternalIterator would do, but it hides the inner iterator from the
 * cycle collector, so a channel holding a value that holds the iterator
 * would never be freed. */
typedef struct chan_iter_obj {
	chan_channel_iter *iter; /* NULL: not made by getIterator() */
	zend_object std;
} chan_iter_obj;

static zend_object_handlers chan_iter_obj_handlers;

static zend_always_inline chan_iter_obj *chan_iter_obj_from(zend_object *obj)
{
	return (chan_iter_obj *) ((char *) obj - offsetof(chan_iter_obj, std));
}

static zend_object *chan_iter_obj_create(zend_class_entry *ce)
{
	chan_iter_obj *o = zend_object_alloc(sizeof(chan_iter_obj), ce);
	zend_object_std_init(&o->std, ce);
	o->std.handlers = &chan_iter_obj_handlers;
	return &o->std;
}

static void chan_iter_obj_free(zend_object *obj)
{
	chan_iter_obj *o = chan_iter_obj_from(obj);
	if (o->iter) {
		zend_iterator_dtor(&o->iter->it);
	}
	zend_object_std_dtor(obj);
}

static HashTable *chan_iter_obj_get_gc(zend_object *obj, zval **table, int *n)
{
	chan_iter_obj *o = chan_iter_obj_from(obj);
	if (!o->iter) {
		*table = NULL;
		*n = 0;
		return NULL;
	}
	return chan_iter_get_gc(&o->iter->it, table, n);
}

/* foreach over the iterator object walks the same inner iterator. */
static zend_object_iterator *chan_iter_obj_get_iterator(zend_class_entry *ce, zval *object, int by_ref)
{
	(void) ce;
	chan_iter_obj *o = chan_iter_obj_from(Z_OBJ_P(object));
	if (by_ref) {
		zend_throw_error(chan_ce_error, "Cannot iterate a Chan\\Channel by reference");
		return NULL;
	}
	if (!o->iter) {
		zend_throw_error(chan_ce_error, "Chan\\ChannelIterator object is not initialized");
		return NULL;
	}
	GC_ADDREF(&o->iter->it.std);
	return &o->iter->it;
}

/* The inner iterator, rewound once; NULL with Chan\Error thrown. */
static chan_channel_iter *chan_iter_this(zend_execute_data *execute_data)
{
	chan_iter_obj *o = chan_iter_obj_from(Z_OBJ_P(ZEND_THIS));
	if (UNEXPECTED(!o->iter)) {
		zend_throw_error(chan_ce_error, "Chan\\ChannelIterator object is not initialized");
		return NULL;
	}
	chan_iter_rewind(&o->iter->it);
	return EG(exception) ? NULL : o->iter;
}

ZEND_METHOD(Chan_ChannelIterator, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

ZEND_METHOD(Chan_ChannelIterator, current)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_channel_iter *iter = chan_iter_this(execute_data);
	if (iter && !Z_ISUNDEF(iter->value)) {
		RETURN_COPY(&iter->value);
	}
}

ZEND_METHOD(Chan_ChannelIterator, key)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_channel_iter *iter = chan_iter_this(execute_data);
	if (iter && !Z_ISUNDEF(iter->value)) {
		RETURN_LONG(iter->key);
	}
}

ZEND_METHOD(Chan_ChannelIterator, next)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_channel_iter *iter = chan_iter_this(execute_data);
	if (iter) {
		chan_iter_next(&iter->it);
	}
}

ZEND_METHOD(Chan_ChannelIterator, valid)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_channel_iter *iter = chan_iter_this(execute_data);
	if (iter) {
		RETURN_BOOL(!Z_ISUNDEF(iter->value));
	}
}

ZEND_METHOD(Chan_ChannelIterator, rewind)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_iter_this(execute_data);
}

/* --- methods ------------------------------------------------------------ */

static bool chan_channel_init(chan_channel *ch, zend_long capacity, const chan_queue_ops *ops)
{
	if (capacity > 0) {
		ch->q = ops->create((size_t) capacity);
		if (!ch->q) {
			zend_throw_error(chan_ce_error, "Cannot allocate a buffer for " ZEND_LONG_FMT " values", capacity);
			return false;
		}
	}
	ch->ops = ops;
	ch->capacity = capacity;
	ZVAL_LONG(OBJ_PROP_NUM(&ch->std, 0), capacity);
	return true;
}

chan_channel *chan_channel_make(zval *out, zend_long capacity)
{
	object_init_ex(out, chan_ce_channel);
	chan_channel *ch = chan_channel_from_obj(Z_OBJ_P(out));
	if (!chan_channel_init(ch, capacity, &chan_queue_lockfree)) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		return NULL;
	}
	return ch;
}

ZEND_METHOD(Chan_Channel, __construct)
{
	zend_long capacity = 0;
	bool lock = false;

	ZEND_PARSE_PARAMETERS_START(0, 2)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG(capacity)
	Z_PARAM_BOOL(lock)
	ZEND_PARSE_PARAMETERS_END();

	chan_channel *ch = chan_channel_from_obj(Z_OBJ_P(ZEND_THIS));
	if (UNEXPECTED(ch->ops)) {
		zend_throw_error(chan_ce_error, "Chan\\Channel::__construct() cannot be called twice");
		RETURN_THROWS();
	}
	if (capacity < 0 || capacity > CHAN_MAX_CAPACITY) {
		zend_argument_value_error(1, "must be between 0 and %d", CHAN_MAX_CAPACITY);
		RETURN_THROWS();
	}
	if (!chan_channel_init(ch, capacity, lock ? &chan_queue_mutex : &chan_queue_lockfree)) {
		RETURN_THROWS();
	}
}

ZEND_METHOD(Chan_Channel, push)
{
	zval *value;
	double t = 0, timeout;
	bool t_null = true;

	ZEND_PARSE_PARAMETERS_START(1, 2)
	Z_PARAM_ZVAL(value)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(t, t_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_THIS();
	if (!chan_timeout_arg(2, t, t_null, &timeout)) {
		RETURN_THROWS();
	}
	chan_channel_send(ch, value, timeout);
}

ZEND_METHOD(Chan_Channel, pop)
{
	double t = 0, timeout;
	bool t_null = true;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(t, t_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_THIS();
	if (!chan_timeout_arg(1, t, t_null, &timeout)) {
		RETURN_THROWS();
	}
	chan_op r = chan_channel_recv(ch, return_value, timeout);
	if (r == CHAN_OP_CLOSED) {
		chan_throw_closed("Cannot pop from a closed and empty channel");
	}
	if (r != CHAN_OP_OK) {
		ZVAL_NULL(return_value);
		RETURN_THROWS();
	}
}

ZEND_METHOD(Chan_Channel, tryPush)
{
	zval *value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_THIS();
	chan_op r = chan_channel_try_send(ch, value);
	if (r == CHAN_OP_CLOSED) {
		chan_throw_closed("Cannot push to a closed channel");
		RETURN_THROWS();
	}
	RETURN_BOOL(r == CHAN_OP_OK);
}

static void chan_first_visit(chan_slot *slot, void *first)
{
	if (!*(zval **) first) {
		*(zval **) first = (zval *) slot;
	}
}

/* Whether the value tryPop() would take can be stored in a typed
 * reference; throws PHP's TypeError when not. Only typed references pay. */
static bool chan_channel_fits_ref(chan_channel *ch, zend_reference *ref)
{
	zval *next = NULL;
	if (ch->q) {
		ch->ops->visit(ch->q, chan_first_visit, &next);
	}
	if (!next && ch->senders.head) {
		next = ch->senders.head->slot;
	}
	if (!next) {
		return true;
	}
	zval copy;
	ZVAL_COPY(&copy, next);
	bool ok = zend_verify_ref_assignable_zval(ref, &copy, ZEND_ARG_USES_STRICT_TYPES());
	zval_ptr_dtor(&copy);
	return ok;
}

ZEND_METHOD(Chan_Channel, tryPop)
{
	zval *ref = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_ZVAL(ref)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_THIS();
	if (ref && UNEXPECTED(ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(ref))) && !chan_channel_fits_ref(ch, Z_REF_P(ref))) {
		RETURN_THROWS(); /* the value stays in the channel */
	}
	zval v;
	if (chan_channel_try_recv(ch, &v) != CHAN_OP_OK) {
		RETURN_FALSE;
	}
	if (ref) {
		ZEND_TRY_ASSIGN_REF_VALUE(ref, &v);
	} else {
		zval_ptr_dtor(&v);
	}
	RETURN_TRUE;
}

ZEND_METHOD(Chan_Channel, close)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	RETURN_BOOL(chan_channel_close(ch));
}

ZEND_METHOD(Chan_Channel, isClosed)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	RETURN_BOOL(ch->closed);
}

ZEND_METHOD(Chan_Channel, isEmpty)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	RETURN_BOOL(chan_channel_length(ch) == 0);
}

ZEND_METHOD(Chan_Channel, isFull)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	RETURN_BOOL(chan_channel_length(ch) == ch->capacity);
}

ZEND_METHOD(Chan_Channel, count)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	RETURN_LONG(chan_channel_length(ch));
}

ZEND_METHOD(Chan_Channel, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	array_init_size(return_value, 6);
	add_assoc_long(return_value, "capacity", ch->capacity);
	add_assoc_long(return_value, "length", chan_channel_length(ch));
	add_assoc_long(return_value, "pushers", ch->senders.len);
	add_assoc_long(return_value, "poppers", ch->receivers.len);
	add_assoc_bool(return_value, "closed", ch->closed);
	add_assoc_string(return_value, "queue", (char *) ch->ops->name);
}

ZEND_METHOD(Chan_Channel, getIterator)
{
	ZEND_PARSE_PARAMETERS_NONE();
	CHAN_THIS();
	zend_object_iterator *it = chan_channel_get_iterator(chan_ce_channel, ZEND_THIS, 0);
	if (!it) {
		RETURN_THROWS();
	}
	object_init_ex(return_value, chan_ce_channel_iterator);
	chan_iter_obj_from(Z_OBJ_P(return_value))->iter = (chan_channel_iter *) it;
}

void chan_channel_minit(void)
{
	chan_ce_channel->create_object = chan_channel_create;
	chan_ce_channel->get_iterator = chan_channel_get_iterator;
	memcpy(&chan_channel_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	chan_channel_handlers.offset = offsetof(chan_channel, std);
	chan_channel_handlers.free_obj = chan_channel_free;
	chan_channel_handlers.get_gc = chan_channel_get_gc;
	chan_channel_handlers.clone_obj = NULL;

	chan_ce_channel_iterator->create_object = chan_iter_obj_create;
	chan_ce_channel_iterator->get_iterator = chan_iter_obj_get_iterator;
	memcpy(&chan_iter_obj_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	chan_iter_obj_handlers.offset = offsetof(chan_iter_obj, std);
	chan_iter_obj_handlers.free_obj = chan_iter_obj_free;
	chan_iter_obj_handlers.get_gc = chan_iter_obj_get_gc;
	chan_iter_obj_handlers.clone_obj = NULL;
}
