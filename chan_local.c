/*
 * chan_local.c - Coroutine::local(): the calling context's own ArrayObject.
 *
 * Made on first use and kept in the context's chan_coro (co->local); a
 * coroutine that never asks pays nothing, not even its listener bit. A
 * coroutine's is released when it ends, from inside its zend_try (the
 * values' destructors may run PHP code); main's at RSHUTDOWN, after PHP has
 * called every destructor at script end. Never inherited by go().
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "ext/spl/spl_array.h"
#include "php_chan.h"
#include "chan_scheduler.h"
#include "chan_local.h"

/* The bit of co->notify that makes the core tell us of its end. */
static uint8_t chan_local_bit;

static void chan_local_release(chan_coro *co)
{
	zend_object *local = co->local;
	co->local = NULL;
	if (local) {
		OBJ_RELEASE(local);
	}
}

static void chan_local_ended(chan_coro *co)
{
	co->notify &= (uint8_t) ~chan_local_bit;
	chan_local_release(co);
}

static const chan_coro_listener chan_local_listener = {.ended = chan_local_ended};

ZEND_METHOD(Chan_Coroutine, local)
{
	ZEND_PARSE_PARAMETERS_NONE();
	chan_coro *co = chan_current();
	if (!co->local) {
		zval local;
		object_init_ex(&local, spl_ce_ArrayObject);
		co->local = Z_OBJ(local);
		if (co != chan_main()) {
			co->notify |= chan_local_bit;
		}
	}
	GC_ADDREF(co->local);
	RETURN_OBJ(co->local);
}

void chan_local_minit(void)
{
	chan_local_bit = chan_coro_listen(&chan_local_listener);
}

void chan_local_rshutdown(void)
{
	chan_local_release(chan_main());
}
