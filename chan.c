/*
 * chan.c - module entry: class registration, request hooks, phpinfo().
 * Each concern lives in its own file: chan_scheduler.c, chan_channel.c,
 * chan_waitgroup.c, chan_io.c; the event loop in chan_loop.c over the
 * pollers chan_poll_*.c; the queues in chan_lockfree.c and chan_mutex.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "ext/standard/info.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/spl/spl_exceptions.h"
#include "php_chan.h"
#include "chan_hook.h"
#include "chan_offload.h"
#ifndef PHP_WIN32
#include <signal.h> /* the values of Chan\SIGTERM and the others */
#endif
#include "chan_arginfo.h"
#include "chan_scheduler.h"
#include "chan_stack.h"
#include "chan_loop.h"
#include "chan_cancel.h"
#include "chan_local.h"
#include "chan_trace.h"

zend_class_entry *chan_ce_channel;
zend_class_entry *chan_ce_channel_iterator;
zend_class_entry *chan_ce_waitgroup;
zend_class_entry *chan_ce_coroutine;
zend_class_entry *chan_ce_error;
zend_class_entry *chan_ce_deadlock_error;
zend_class_entry *chan_ce_exception;
zend_class_entry *chan_ce_closed_exception;
zend_class_entry *chan_ce_timeout_exception;
zend_class_entry *chan_ce_cancelled_exception;
zend_class_entry *chan_ce_group;
zend_class_entry *chan_ce_shared_channel;

static ZEND_INI_MH(chan_ini_max_coroutines)
{
	zend_long n = ZEND_STRTOL(ZSTR_VAL(new_value), NULL, 10);
	if (n < 0) {
		zend_error(E_WARNING, "Invalid \"chan.max_coroutines\" setting: must be 0 (no limit) or more");
		return FAILURE;
	}
	chan_max_coroutines = n;
	return SUCCESS;
}

PHP_INI_BEGIN()
PHP_INI_ENTRY("chan.stack_size", CHAN_STACK_DEFAULT, PHP_INI_SYSTEM, chan_ini_stack_size)
PHP_INI_ENTRY("chan.max_coroutines", "0", PHP_INI_ALL, chan_ini_max_coroutines)
PHP_INI_ENTRY("chan.hooks", "all", PHP_INI_ALL, chan_ini_hooks)
PHP_INI_END()

PHP_MINIT_FUNCTION(chan)
{
#if defined(ZTS) && defined(COMPILE_DL_CHAN)
	ZEND_TSRMLS_CACHE_UPDATE(); /* MINIT reads CG(function_table) */
#endif
	REGISTER_INI_ENTRIES();
	register_chan_symbols(module_number); /* Chan\SIGTERM and the others */

	chan_ce_error = register_class_Chan_Error(zend_ce_error);
	chan_ce_deadlock_error = register_class_Chan_DeadlockError(chan_ce_error);
	chan_ce_exception = register_class_Chan_Exception(spl_ce_RuntimeException);
	chan_ce_closed_exception = register_class_Chan_ClosedException(chan_ce_exception);
	chan_ce_timeout_exception = register_class_Chan_TimeoutException(chan_ce_exception);
	chan_ce_cancelled_exception = register_class_Chan_CancelledException(chan_ce_exception);

	chan_ce_coroutine = register_class_Chan_Coroutine();
	chan_ce_channel_iterator = register_class_Chan_ChannelIterator(zend_ce_iterator);
	chan_ce_channel = register_class_Chan_Channel(zend_ce_countable, zend_ce_aggregate);
	chan_ce_waitgroup = register_class_Chan_WaitGroup();
	chan_ce_group = register_class_Chan_Group();
	chan_ce_shared_channel = register_class_Chan_SharedChannel(zend_ce_countable);

	chan_scheduler_minit();
	chan_channel_minit();
	chan_waitgroup_minit();
	chan_cancel_minit(); /* before the group: a member's own cancellation ends it quietly */
	chan_group_minit();
	chan_local_minit();
	chan_trace_minit();
	chan_loop_minit();
	chan_io_minit();
	chan_shared_minit();
	chan_signal_minit();
	chan_hook_sleep_minit();
	chan_hook_stream_minit();
	chan_hook_select_minit();
	chan_hook_sockets_minit();
	chan_hook_process_minit();
	chan_offload_minit();
	chan_hook_dns_minit();
	return SUCCESS;
}

PHP_MSHUTDOWN_FUNCTION(chan)
{
	chan_hook_dns_mshutdown();
	chan_offload_mshutdown();
	chan_hook_process_mshutdown();
	chan_hook_sockets_mshutdown();
	chan_hook_select_mshutdown();
	chan_hook_stream_mshutdown();
	chan_hook_sleep_mshutdown();
	chan_io_mshutdown();
	chan_scheduler_mshutdown();
	chan_stack_mshutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

PHP_RINIT_FUNCTION(chan)
{
#if defined(ZTS) && defined(COMPILE_DL_CHAN)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	chan_scheduler_rinit();
	return SUCCESS;
}

PHP_RSHUTDOWN_FUNCTION(chan)
{
	chan_local_rshutdown();  /* main's values, before the scheduler lets main go */
	chan_signal_rshutdown(); /* dispositions back, before the loop goes */
	chan_scheduler_rshutdown();
	chan_cancel_rshutdown();
	chan_hook_process_rshutdown();
	chan_hook_stream_rshutdown();
	chan_hook_rshutdown();
	return SUCCESS;
}

PHP_MINFO_FUNCTION(chan)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "chan support", "enabled");
	php_info_print_table_row(2, "Version", PHP_CHAN_VERSION);
	php_info_print_table_row(2, "Queues", "lockfree (C11 atomics), mutex");
#ifdef CHAN_OWN_STACKS
	php_info_print_table_row(2, "Coroutine stacks", "slabs (MAP_NORESERVE), guard pages, overflow handler");
#else
	php_info_print_table_row(2, "Coroutine stacks", "zend_fiber_init_context (one mapping each)");
#endif
#ifdef __linux__
	php_info_print_table_row(2, "Event loop", "epoll (one-shot; edge-triggered for the stream helpers), timer heap");
#else
	php_info_print_table_row(2, "Event loop", "poll(), timer heap");
#endif
	php_info_print_table_row(2, "I/O waits on", chan_io_kinds());
	php_info_print_table_row(2, "memory_limit charge", "4 KiB per live coroutine");
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

/* sockets and openssl, when loaded, start first: socket_close() is wrapped
 * and the socket transports (openssl's ssl:// and tls://) are registered
 * again at MINIT. */
static const zend_module_dep chan_deps[] = {ZEND_MOD_REQUIRED("spl") ZEND_MOD_OPTIONAL("sockets")
                                                ZEND_MOD_OPTIONAL("openssl") ZEND_MOD_END};

zend_module_entry chan_module_entry = {STANDARD_MODULE_HEADER_EX,
                                       NULL,
                                       chan_deps,
                                       "chan",
                                       ext_functions,
                                       PHP_MINIT(chan),
                                       PHP_MSHUTDOWN(chan),
                                       PHP_RINIT(chan),
                                       PHP_RSHUTDOWN(chan),
                                       PHP_MINFO(chan),
                                       PHP_CHAN_VERSION,
                                       STANDARD_MODULE_PROPERTIES};

#ifdef COMPILE_DL_CHAN
#ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
#endif
ZEND_GET_MODULE(chan)
#endif
