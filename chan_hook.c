/*
 * chan_hook.c - the hook layer's setting: chan.hooks and Chan\hooks()
 * (chan_hook.h says how a hooked call decides).
 *
 * chan.hooks is a comma list of family names, or "all" (the default) or
 * "none". Every family SPEC names is accepted; a family this build does not
 * have yet is accepted and stays off, and Chan\hooks() lists only the
 * families in force. The families (chan_hook_<family>.c) read the setting
 * through chan_hook_active() and are installed by chan.c at MINIT whatever
 * the setting, so ini_set() can turn them on and off at run time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_hook.h"
#include "zend_exceptions.h"

/* The families this build has. */
#define CHAN_HOOKS_BUILT (CHAN_HOOK_SLEEP | CHAN_HOOK_STREAM)

TSRM_TLS uint32_t chan_hooks_on;

static const struct {
	const char *name;
	uint32_t bit;
} chan_hook_families[] = {
    {"sleep", CHAN_HOOK_SLEEP},     {"stream", CHAN_HOOK_STREAM}, {"dns", CHAN_HOOK_DNS},
    {"process", CHAN_HOOK_PROCESS}, {"curl", CHAN_HOOK_CURL},     {"pgsql", CHAN_HOOK_PGSQL},
};
#define CHAN_HOOK_FAMILIES (sizeof(chan_hook_families) / sizeof(chan_hook_families[0]))

/* "all", "none" or a comma list of names (spaces around names ignored). */
static bool chan_hooks_parse(const char *s, uint32_t *out)
{
	uint32_t mask = 0;
	while (*s) {
		while (*s == ' ' || *s == ',') {
			s++;
		}
		const char *end = s;
		while (*end && *end != ',' && *end != ' ') {
			end++;
		}
		size_t len = (size_t) (end - s);
		if (len == 0) {
			break;
		}
		bool known = false;
		if (len == 3 && !strncasecmp(s, "all", 3)) {
			mask = ~0u;
			known = true;
		} else if (len == 4 && !strncasecmp(s, "none", 4)) {
			known = true;
		}
		for (size_t i = 0; !known && i < CHAN_HOOK_FAMILIES; i++) {
			if (strlen(chan_hook_families[i].name) == len && !strncasecmp(s, chan_hook_families[i].name, len)) {
				mask |= chan_hook_families[i].bit;
				known = true;
			}
		}
		if (!known) {
			return false;
		}
		s = end;
	}
	*out = mask;
	return true;
}

ZEND_INI_MH(chan_ini_hooks)
{
	uint32_t mask;
	if (!chan_hooks_parse(ZSTR_VAL(new_value), &mask)) {
		zend_error(E_WARNING,
		           "Invalid \"chan.hooks\" setting: \"%s\" is not \"all\", \"none\" or a comma list of sleep, stream, "
		           "dns, process, curl, pgsql",
		           ZSTR_VAL(new_value));
		return FAILURE;
	}
	chan_hooks_on = mask & CHAN_HOOKS_BUILT;
	return SUCCESS;
}

PHP_FUNCTION(Chan_hooks)
{
	ZEND_PARSE_PARAMETERS_NONE();
	array_init(return_value);
	for (size_t i = 0; i < CHAN_HOOK_FAMILIES; i++) {
		if (chan_hooks_on & chan_hook_families[i].bit) {
			add_next_index_string(return_value, chan_hook_families[i].name);
		}
	}
}

/* --- exceptions thrown when PHP's function has returned ------------------ */

static TSRM_TLS zend_object *chan_hook_deferred;
static TSRM_TLS zend_long chan_hook_deferred_by; /* the context's id (main: 0) */
static void (*chan_hook_prev_interrupt)(zend_execute_data *execute_data);

/* Off for now: on the debug ZTS PHP the VM still dropped the failed call's
 * result unfreed (tests/hooks/cancelled_tcp_read_peer_sees_eof.phpt, 40
 * bytes), so the exception stays where it was thrown and a driver's own
 * exception chains over it. Set CHAN_HOOK_DEFER to 1 to work on it. */
#ifndef CHAN_HOOK_DEFER
#define CHAN_HOOK_DEFER 0
#endif

void chan_hook_defer_exception(void)
{
	if (!CHAN_HOOK_DEFER) {
		return;
	}
	zend_object *ex = EG(exception);
	if (!ex || chan_hook_deferred) {
		return; /* nothing thrown, or one on its way already: this one is thrown at once */
	}
	EG(exception) = NULL;
	chan_hook_deferred = ex;
	chan_hook_deferred_by = chan_current()->id;
	zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
}

bool chan_hook_exception_pending(void)
{
	return chan_hook_deferred && chan_hook_deferred_by == chan_current()->id;
}

static void chan_hook_drop_deferred(void)
{
	if (chan_hook_deferred) {
		OBJ_RELEASE(chan_hook_deferred);
		chan_hook_deferred = NULL;
	}
}

/* The interrupt comes right after the call that failed, with the caller's
 * opline still on it and its result written: the VM drops that result
 * without freeing it when the interrupt throws (it UNDEFs it), so it is
 * freed here. Any other opline (a loop's jump) has no result to free. */
static void chan_hook_drop_call_result(zend_execute_data *execute_data)
{
	if (!execute_data || !execute_data->func || !ZEND_USER_CODE(execute_data->func->type) || !execute_data->opline) {
		return;
	}
	const zend_op *op = execute_data->opline;
	if ((op->opcode == ZEND_DO_ICALL || op->opcode == ZEND_DO_FCALL || op->opcode == ZEND_DO_FCALL_BY_NAME ||
	     op->opcode == ZEND_DO_UCALL) &&
	    (op->result_type & (IS_TMP_VAR | IS_VAR))) {
		zval *result = EX_VAR(op->result.var);
		zval_ptr_dtor(result);
		ZVAL_UNDEF(result);
	}
}

/* Normally the context that deferred runs on to its next interrupt check
 * without a switch; if another context gets there first, the check is
 * asked for again, until the owner runs or has ended. */
static void chan_hook_interrupt(zend_execute_data *execute_data)
{
	if (chan_hook_prev_interrupt) {
		chan_hook_prev_interrupt(execute_data);
	}
	if (!chan_hook_deferred) {
		return;
	}
	if (chan_hook_deferred_by == chan_current()->id) {
		zval ex;
		ZVAL_OBJ(&ex, chan_hook_deferred);
		chan_hook_deferred = NULL;
		chan_hook_drop_call_result(execute_data);
		zend_throw_exception_object(&ex); /* what is pending becomes its previous */
	} else if (chan_hook_deferred_by != 0 && !chan_coro_find(chan_hook_deferred_by)) {
		chan_hook_drop_deferred();
	} else {
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	}
}

void chan_hook_minit(void)
{
	chan_hook_prev_interrupt = zend_interrupt_function;
	zend_interrupt_function = chan_hook_interrupt;
}

void chan_hook_mshutdown(void)
{
	if (zend_interrupt_function == chan_hook_interrupt) {
		zend_interrupt_function = chan_hook_prev_interrupt;
	}
}

void chan_hook_rshutdown(void)
{
	chan_hook_drop_deferred();
}
