/*
 * chan_select.c - Chan\select(): Go's select over channel cases.
 *
 * One pass over the cases finds those that are ready; one draw from PHP's
 * Mt19937 (so mt_srand() makes choices reproducible) picks among them
 * uniformly. If none is, the coroutine parks one
 * waiter per case on the cases' own wait queues at once and sleeps; the
 * first peer to complete any case wakes it exactly once, and the wake-up
 * takes every other waiter off its queue (chan_wakeup). A timeout is one
 * more timer in the scheduler's heap. No polling, no busy loop.
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
#include "ext/random/php_random.h"

/* Cases are evaluated on entry, as in Go: each holds its channel and its
 * send value, so reassigning a reference in $cases while parked changes
 * nothing. */
typedef struct chan_select_case {
	chan_channel *ch; /* holds a reference */
	zval *send;       /* &value for a send, NULL for a receive */
	zval value;       /* the value to send (a copy) */
	zval key;         /* the case's key in $cases */
} chan_select_case;

#define CHAN_SELECT_STACK_CASES 8

static void chan_select_result(zval *return_value, zval *key, zval *value, bool ok)
{
	array_init_size(return_value, 3);
	zend_hash_real_init_packed(Z_ARRVAL_P(return_value));
	ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(return_value))
	{
		ZEND_HASH_FILL_ADD(key);
		Z_TRY_ADDREF_P(key);
		ZEND_HASH_FILL_ADD(value);
		zval b = {0}; /* copied whole: no uninitialized union */
		ZVAL_BOOL(&b, ok);
		ZEND_HASH_FILL_ADD(&b);
	}
	ZEND_HASH_FILL_END();
}

/* Checks one case; fills *c or throws naming the case's key. */
static bool chan_select_parse_case(zend_ulong h, zend_string *skey, zval *arg, chan_select_case *c)
{
	char name[64];
	if (skey) {
		snprintf(name, sizeof(name), "'%.48s'", ZSTR_VAL(skey));
		ZVAL_STR(&c->key, skey);
	} else {
		snprintf(name, sizeof(name), ZEND_ULONG_FMT, h);
		ZVAL_LONG(&c->key, (zend_long) h);
	}
	ZVAL_DEREF(arg);
	zval *chz = arg;
	c->send = NULL;
	if (Z_TYPE_P(arg) == IS_ARRAY) {
		HashTable *pair = Z_ARRVAL_P(arg);
		zval *v0 = zend_hash_index_find(pair, 0), *v1 = zend_hash_index_find(pair, 1);
		if (zend_hash_num_elements(pair) != 2 || !v0 || !v1) {
			zend_argument_value_error(1, "case %s must be a Chan\\Channel or a [Chan\\Channel, value] pair", name);
			return false;
		}
		chz = v0;
		ZVAL_DEREF(chz);
		ZVAL_DEREF(v1);
		c->send = v1;
	}
	if (Z_TYPE_P(chz) != IS_OBJECT || Z_OBJCE_P(chz) != chan_ce_channel) {
		zend_argument_type_error(1, "case %s must be a Chan\\Channel or a [Chan\\Channel, value] pair, %s given", name,
		                         zend_zval_type_name(chz));
		return false;
	}
	c->ch = chan_channel_from_obj(Z_OBJ_P(chz));
	if (UNEXPECTED(!c->ch->ops)) {
		zend_throw_error(chan_ce_error, "Chan\\Channel object is not initialized");
		return false;
	}
	GC_ADDREF(&c->ch->std);
	if (c->send) {
		ZVAL_COPY(&c->value, c->send);
		c->send = &c->value;
	}
	return true;
}

/* Whether the case would complete without waiting (a closed channel
 * completes a send case too: by throwing). */
static bool chan_select_ready(const chan_select_case *c)
{
	chan_channel *ch = c->ch;
	chan_channel_poll(ch);
	size_t len = ch->q ? ch->ops->length(ch->q) : 0;
	if (c->send) {
		return ch->closed || ch->receivers.len || (ch->q && len < (size_t) ch->capacity);
	}
	return len || ch->senders.len || ch->closed;
}

ZEND_FUNCTION(Chan_select)
{
	HashTable *cases;
	double t = 0, timeout;
	bool t_null = true;

	ZEND_PARSE_PARAMETERS_START(1, 2)
	Z_PARAM_ARRAY_HT(cases)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(t, t_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!chan_timeout_arg(2, t, t_null, &timeout) || !chan_checkpoint()) {
		RETURN_THROWS();
	}

	uint32_t n = zend_hash_num_elements(cases);
	chan_select_case stack_cases[CHAN_SELECT_STACK_CASES];
	chan_waiter stack_waiters[CHAN_SELECT_STACK_CASES];
	zval stack_values[CHAN_SELECT_STACK_CASES];
	uint32_t stack_order[CHAN_SELECT_STACK_CASES];
	chan_select_case *cs = stack_cases;
	chan_waiter *ws = stack_waiters;
	zval *values = stack_values;
	uint32_t *order = stack_order;
	if (n > CHAN_SELECT_STACK_CASES) {
		cs = safe_emalloc(n, sizeof(*cs), 0);
		ws = safe_emalloc(n, sizeof(*ws), 0);
		values = safe_emalloc(n, sizeof(*values), 0);
		order = safe_emalloc(n, sizeof(*order), 0);
	}

	uint32_t i;
	zend_ulong h;
	zend_string *skey;
	zval *arg;
	uint32_t held = 0; /* cases holding references */
	ZEND_HASH_FOREACH_KEY_VAL(cases, h, skey, arg)
	{
		if (!chan_select_parse_case(h, skey, arg, &cs[held])) {
			goto done;
		}
		held++;
	}
	ZEND_HASH_FOREACH_END();

	/* One pass finds the ready cases, one random number picks among them. */
	uint32_t ready = 0;
	for (i = 0; i < n; i++) {
		if (chan_select_ready(&cs[i])) {
			order[ready++] = i;
		}
	}
	if (ready) {
		chan_select_case *c = &cs[order[ready == 1 ? 0 : php_mt_rand_range(0, ready - 1)]];
		if (c->send) {
			if (chan_channel_try_send(c->ch, c->send) == CHAN_OP_CLOSED) {
				zend_throw_exception(chan_ce_closed_exception, "Cannot send to a closed channel in select", 0);
				goto done;
			}
			zval null;
			ZVAL_NULL(&null);
			chan_select_result(return_value, &c->key, &null, true);
		} else {
			zval v;
			chan_op r = chan_channel_try_recv(c->ch, &v);
			if (r == CHAN_OP_CLOSED) {
				ZVAL_NULL(&v);
			}
			chan_select_result(return_value, &c->key, &v, r == CHAN_OP_OK);
		}
		goto done;
	}

	if (timeout == 0) {
		RETVAL_NULL(); /* Go's default: */
		goto done;
	}
	if (!chan_can_block()) {
		goto done;
	}

	chan_coro *self = chan_current();
	int fed = 0;
	for (i = 0; i < n; i++) {
		chan_waiter *w = &ws[i];
		memset(w, 0, sizeof(*w));
		w->coro = self;
		w->index = i;
		if (cs[i].send) {
			w->slot = cs[i].send;
			chan_waitq_push(&cs[i].ch->senders, w);
		} else {
			ZVAL_UNDEF(&values[i]);
			w->slot = &values[i];
			chan_waitq_push(&cs[i].ch->receivers, w);
			fed |= cs[i].ch->feed != NULL;
		}
	}
	if (fed) {
		chan_loop_timer_awaited(1);
	}
	chan_wake why = chan_wait(ws, n, timeout);
	if (fed) {
		chan_loop_timer_awaited(-1);
	}
	uint32_t fired = self->fired;
	switch (why) {
		case CHAN_WAKE_OK:
			if (cs[fired].send) {
				zval null;
				ZVAL_NULL(&null);
				chan_select_result(return_value, &cs[fired].key, &null, true);
			} else {
				chan_select_result(return_value, &cs[fired].key, &values[fired], true);
			}
			break;
		case CHAN_WAKE_CLOSED:
			if (cs[fired].send) {
				zend_throw_exception(chan_ce_closed_exception, "The channel was closed while sending in select", 0);
			} else {
				zval null;
				ZVAL_NULL(&null);
				chan_select_result(return_value, &cs[fired].key, &null, false);
			}
			break;
		case CHAN_WAKE_TIMEOUT:
			RETVAL_NULL();
			break;
		default:
			/* A value handed over before a cancel goes with the coroutine. */
			if (fired < n && !cs[fired].send) {
				zval_ptr_dtor(&values[fired]);
			}
			chan_raise(why);
			break;
	}

done:
	for (i = 0; i < held; i++) {
		if (cs[i].send) {
			zval_ptr_dtor(&cs[i].value);
		}
		OBJ_RELEASE(&cs[i].ch->std);
	}
	if (cs != stack_cases) {
		efree(cs);
		efree(ws);
		efree(values);
		efree(order);
	}
}
