/*
 * chan_compat.h - the PHP versions chan builds on, in one place.
 *
 * Policy. chan supports PHP 8.2 and later (tested: 8.2, 8.4, 8.5, 8.6; 8.3
 * has no Debian package to test with). Every test of PHP_VERSION_ID lives
 * in this header, so the rest of the code is written against one API and a
 * new PHP release means reading one file. Each shim names the release that
 * changed the API it hides.
 */
#ifndef CHAN_COMPAT_H
#define CHAN_COMPAT_H

#include "php.h"
#include "zend_fibers.h"
#include "ext/standard/basic_functions.h"

#if PHP_VERSION_ID < 80200
#error "chan needs PHP 8.2 or later"
#endif

/* 8.3: zend_fiber_init_context() returns zend_result, not bool. */
#if PHP_VERSION_ID >= 80300
#define CHAN_FIBER_INIT_OK(r) ((r) == SUCCESS)
#else
#define CHAN_FIBER_INIT_OK(r) (r)
#endif

/* Whether the running code may not switch contexts: PHP blocks switching
 * while it runs a destructor up to 8.3 (zend_fiber_switch_blocked()); 8.4
 * lifted that, but chan keeps refusing to block inside a destructor on every
 * version, so a destructor on the current stack is looked for. */
static zend_always_inline bool chan_switch_forbidden(void)
{
	if (zend_fiber_switch_blocked()) {
		return true;
	}
#if PHP_VERSION_ID >= 80400
	for (const zend_execute_data *ex = EG(current_execute_data); ex; ex = ex->prev_execute_data) {
		const zend_function *fn = ex->func;
		if (fn && fn->common.scope && fn->common.scope->destructor == fn) {
			return true;
		}
	}
#endif
	return false;
}

/* The top of the stack zend_fiber_init_context() mapped for a context. 8.3
 * exports zend_fiber_stack_base(); before, the stack's private struct starts
 * with its base pointer and size. */
static zend_always_inline char *chan_fiber_stack_top(zend_fiber_context *ctx)
{
#if PHP_VERSION_ID >= 80300 && defined(ZEND_CHECK_STACK_LIMIT)
	return (char *) zend_fiber_stack_base(ctx->stack);
#else
	const struct {
		void *pointer;
		size_t size;
	} *stack = (const void *) ctx->stack;
	return (char *) stack->pointer + stack->size;
#endif
}

/* Appends the static method ce::fn(), called with no arguments, to the
 * request's shutdown functions. 8.5: the entry lost its zend_fcall_info
 * (the function's name, freed by PHP) and keeps only the cache. */
static zend_always_inline bool chan_append_shutdown_method(zend_class_entry *ce, zend_function *fn)
{
	php_shutdown_function_entry entry;
	memset(&entry, 0, sizeof(entry));
#if PHP_VERSION_ID < 80500
	zend_string *name = zend_create_member_string(ce->name, fn->common.function_name);
	entry.fci.size = sizeof(zend_fcall_info);
	ZVAL_STR(&entry.fci.function_name, name);
#endif
	entry.fci_cache.function_handler = fn;
	entry.fci_cache.called_scope = ce;
	return append_user_shutdown_function(&entry);
}

/* Points PHP's internal function `name` at `to` and returns the handler it
 * had (NULL when there is no such function). Only at MINIT, before any
 * thread starts or any script is compiled. */
ZEND_ATTRIBUTE_UNUSED static zif_handler chan_wrap_function(const char *name, zif_handler to)
{
	zend_function *fn = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));
	if (!fn || fn->type != ZEND_INTERNAL_FUNCTION) {
		return NULL;
	}
	zif_handler prev = fn->internal_function.handler;
	fn->internal_function.handler = to;
	return prev;
}

/* Undoes chan_wrap_function() unless someone wrapped it again since. */
ZEND_ATTRIBUTE_UNUSED static void chan_unwrap_function(const char *name, zif_handler ours, zif_handler prev)
{
	zend_function *fn = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));
	if (prev && fn && fn->type == ZEND_INTERNAL_FUNCTION && fn->internal_function.handler == ours) {
		fn->internal_function.handler = prev;
	}
}

/* A table of functions to wrap: chan_wrap_functions() points each at
 * `ours` and keeps the handler it had in *prev (NULL where PHP has no such
 * function: `ours` is then never called); chan_unwrap_functions() undoes it. */
typedef struct {
	const char *name;
	zif_handler ours;
	zif_handler *prev;
} chan_wrapped_function;

ZEND_ATTRIBUTE_UNUSED static void chan_wrap_functions(const chan_wrapped_function *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		*t[i].prev = chan_wrap_function(t[i].name, t[i].ours);
	}
}

ZEND_ATTRIBUTE_UNUSED static void chan_unwrap_functions(const chan_wrapped_function *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		chan_unwrap_function(t[i].name, t[i].ours, *t[i].prev);
	}
}

/* exit() and die(), seen before they unwind: calls on_exit(), then PHP's
 * own exit (or whatever hook was there before ours). Up to 8.3 they are the
 * ZEND_EXIT opcode, hooked with a user opcode handler; from 8.4 on they are
 * the internal function exit() (alias die()), whose handler is wrapped. Set
 * up at MINIT, before any thread starts or any script is compiled. */
typedef void (*chan_exit_cb)(void);

#if PHP_VERSION_ID < 80400

ZEND_ATTRIBUTE_UNUSED static chan_exit_cb chan_exit_callback;
ZEND_ATTRIBUTE_UNUSED static user_opcode_handler_t chan_exit_prev_opcode;

ZEND_ATTRIBUTE_UNUSED static int chan_exit_opcode(zend_execute_data *execute_data)
{
	chan_exit_callback();
	return chan_exit_prev_opcode ? chan_exit_prev_opcode(execute_data) : ZEND_USER_OPCODE_DISPATCH;
}

ZEND_ATTRIBUTE_UNUSED static void chan_hook_exit(chan_exit_cb cb)
{
	chan_exit_callback = cb;
	chan_exit_prev_opcode = zend_get_user_opcode_handler(ZEND_EXIT);
	zend_set_user_opcode_handler(ZEND_EXIT, chan_exit_opcode);
}

ZEND_ATTRIBUTE_UNUSED static void chan_unhook_exit(void)
{
	zend_set_user_opcode_handler(ZEND_EXIT, chan_exit_prev_opcode);
}

#else

ZEND_ATTRIBUTE_UNUSED static chan_exit_cb chan_exit_callback;
ZEND_ATTRIBUTE_UNUSED static zif_handler chan_exit_prev_handler;

ZEND_ATTRIBUTE_UNUSED static ZEND_NAMED_FUNCTION(chan_exit_function)
{
	chan_exit_callback();
	chan_exit_prev_handler(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

ZEND_ATTRIBUTE_UNUSED static void chan_hook_exit(chan_exit_cb cb)
{
	chan_exit_callback = cb;
	chan_exit_prev_handler = chan_wrap_function("exit", chan_exit_function);
	if (chan_exit_prev_handler) {
		chan_wrap_function("die", chan_exit_function);
	}
}

ZEND_ATTRIBUTE_UNUSED static void chan_unhook_exit(void)
{
	chan_unwrap_function("exit", chan_exit_function, chan_exit_prev_handler);
	chan_unwrap_function("die", chan_exit_function, chan_exit_prev_handler);
}

#endif

#endif
