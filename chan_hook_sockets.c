/*
 * chan_hook_sockets.c - the family "stream": ext-sockets' blocking calls
 * on a blocking Socket park the calling context until the socket is ready,
 * instead of the process: socket_read(), socket_recv(), socket_recvfrom(),
 * socket_write(), socket_send(), socket_sendto() and socket_accept().
 *
 * The hook only waits; PHP's own function does the transfer once the
 * socket is ready, so results, warnings and socket_last_error() are PHP's.
 * Whether PHP's call would block is asked as the kernel answers it
 * (chan_hook_would_block()). The socket's own timeouts (SO_RCVTIMEO,
 * SO_SNDTIMEO, from socket_set_option(); SO_RCVTIMEO for accept() too, as
 * the kernel has it) bound the wait; when one passes,
 * PHP's call runs with the socket's timeout at one microsecond for the
 * call, and fails as it does ("Resource temporarily unavailable").
 *
 * Left to PHP, blocking the process where PHP's call blocks: non-blocking
 * sockets (socket_set_nonblock()) and MSG_DONTWAIT never wait anyway;
 * socket_connect(), socket_select(); the rest of a PHP_NORMAL_READ line
 * after its first byte, of an MSG_WAITALL recv after its first bytes, and
 * of a write larger than the free space of the socket's send buffer.
 *
 * The rules of the stream family hold: one context at a time per socket
 * and direction (Chan\Error for a second one), a parked call is a
 * checkpoint (cancellation and deadlines end it with their exceptions and
 * the function returns false), and socket_close() by another context
 * wakes it: PHP's call then fails on the closed socket in PHP's words.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_hook.h"
#include "chan_io.h"
#include "chan_sockets.h"

#ifdef CHAN_HAVE_SOCKETS

#include <errno.h>
#include <sys/socket.h>
#include <sys/time.h>

enum { CHAN_SOCK_RECV, CHAN_SOCK_SEND, CHAN_SOCK_ACCEPT };

/* The socket's SO_RCVTIMEO or SO_SNDTIMEO in seconds, -1 when none. */
static double chan_sock_timeout(int fd, int opt)
{
	struct timeval tv = {0, 0};
	socklen_t len = sizeof(tv);
	if (getsockopt(fd, SOL_SOCKET, opt, &tv, &len) != 0 || (tv.tv_sec == 0 && tv.tv_usec == 0)) {
		return -1;
	}
	return (double) tv.tv_sec + (double) tv.tv_usec / 1e6;
}

/* PHP's own call with the socket's timeout at one microsecond: it fails as
 * a call whose timeout has passed. */
static void chan_sock_timed_out(INTERNAL_FUNCTION_PARAMETERS, zif_handler prev, int fd, int opt)
{
	struct timeval saved = {0, 0}, tiny = {0, 1};
	socklen_t len = sizeof(saved);
	bool set =
	    getsockopt(fd, SOL_SOCKET, opt, &saved, &len) == 0 && setsockopt(fd, SOL_SOCKET, opt, &tiny, sizeof(tiny)) == 0;
	prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	if (set) {
		setsockopt(fd, SOL_SOCKET, opt, &saved, sizeof(saved));
	}
}

/* Whether PHP's call reaches its blocking system call with these
 * arguments: a length it accepts (argument len_arg; for a send also a
 * non-empty string, argument 2), no MSG_DONTWAIT in its flags (argument
 * flags_arg). Anything else is PHP's own, which rejects it or never waits. */
static bool chan_sock_args_wait(zend_execute_data *execute_data, int kind, uint32_t len_arg, uint32_t flags_arg)
{
	uint32_t n = ZEND_NUM_ARGS();
	if (kind == CHAN_SOCK_SEND) {
		zval *data = n >= 2 ? ZEND_CALL_ARG(execute_data, 2) : NULL;
		if (!data || Z_TYPE_P(data) != IS_STRING || Z_STRLEN_P(data) == 0) {
			return false;
		}
	}
	if (len_arg && (n >= len_arg || kind != CHAN_SOCK_SEND)) {
		zval *len = n >= len_arg ? ZEND_CALL_ARG(execute_data, len_arg) : NULL;
		bool optional_null = kind == CHAN_SOCK_SEND && len && Z_TYPE_P(len) == IS_NULL;
		if (!optional_null && (!len || Z_TYPE_P(len) != IS_LONG || Z_LVAL_P(len) <= 0 || Z_LVAL_P(len) > INT_MAX / 2)) {
			return false;
		}
	}
	if (flags_arg && n >= flags_arg) {
		zval *flags = ZEND_CALL_ARG(execute_data, flags_arg);
		if (Z_TYPE_P(flags) != IS_LONG || (Z_LVAL_P(flags) & MSG_DONTWAIT)) {
			return false;
		}
	}
	return true;
}

/* The hooked call: its Socket is argument 1, its length argument len_arg
 * and its flags argument flags_arg (0: none). */
static void chan_sock_call(INTERNAL_FUNCTION_PARAMETERS, zif_handler prev, int kind, uint32_t len_arg,
                           uint32_t flags_arg)
{
	zval *arg = ZEND_NUM_ARGS() >= 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;
	php_socket *sock = arg && Z_TYPE_P(arg) == IS_OBJECT ? chan_socket_of(Z_OBJ_P(arg)) : NULL;
	if (!sock || IS_INVALID_SOCKET(sock) || !sock->blocking || !chan_hook_active(CHAN_HOOK_STREAM) ||
	    !chan_sock_args_wait(execute_data, kind, len_arg, flags_arg)) {
		prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	int fd = (int) sock->bsd_socket;
	int call = kind == CHAN_SOCK_SEND ? CHAN_HOOK_SEND : kind == CHAN_SOCK_ACCEPT ? CHAN_HOOK_ACCEPT : CHAN_HOOK_RECV;
	if (call == CHAN_HOOK_RECV && flags_arg && ZEND_NUM_ARGS() >= flags_arg &&
	    (Z_LVAL_P(ZEND_CALL_ARG(execute_data, flags_arg)) & MSG_OOB)) {
		call = CHAN_HOOK_RECV_OOB;
	}
	if (!chan_hook_would_block(fd, call)) {
		prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	int dir = kind == CHAN_SOCK_SEND ? CHAN_HOOK_WRITE : CHAN_HOOK_READ;
	int opt = kind == CHAN_SOCK_SEND ? SO_SNDTIMEO : SO_RCVTIMEO;
	unsigned events = kind == CHAN_SOCK_SEND ? CHAN_POLL_OUT : CHAN_POLL_IN;
	double timeout = chan_sock_timeout(fd, opt); /* accept() too: the kernel bounds it by SO_RCVTIMEO */
	zend_object *key = Z_OBJ_P(arg);
	chan_hook_park *p = chan_hook_enter(key, "socket", dir);
	if (!p) {
		RETURN_FALSE;
	}
	uint64_t start = timeout > 0 ? chan_now_ns() : 0;
	chan_wake why = CHAN_WAKE_OK;
	bool waited = true;
	while (waited && why == CHAN_WAKE_OK && !IS_INVALID_SOCKET(sock) && chan_hook_would_block(fd, call)) {
		double left = timeout > 0 ? timeout - (double) (chan_now_ns() - start) / 1e9 : -1;
		if (timeout > 0 && left <= 0) {
			why = CHAN_WAKE_TIMEOUT;
			break;
		}
		waited = chan_checkpoint() && chan_io_wait(fd, events, left, &why);
	}
	chan_hook_leave(key, p, dir);
	if (!waited) {
		RETURN_FALSE; /* cancelled, past its deadline, or no wait possible: thrown */
	}
	switch (why) {
		case CHAN_WAKE_OK:
		case CHAN_WAKE_CLOSED: /* socket_close() elsewhere: PHP's call fails on it */
			prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
			return;
		case CHAN_WAKE_TIMEOUT:
			chan_sock_timed_out(INTERNAL_FUNCTION_PARAM_PASSTHRU, prev, fd, opt);
			return;
		default:
			chan_raise(why);
			RETURN_FALSE;
	}
}

#define CHAN_SOCK_HOOK(fn, kind, len_arg, flags_arg)                                                                   \
	static zif_handler chan_##fn##_prev;                                                                               \
	static ZEND_NAMED_FUNCTION(chan_hook_##fn)                                                                         \
	{                                                                                                                  \
		chan_sock_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, chan_##fn##_prev, kind, len_arg, flags_arg);                  \
	}

CHAN_SOCK_HOOK(socket_read, CHAN_SOCK_RECV, 2, 0)
CHAN_SOCK_HOOK(socket_recv, CHAN_SOCK_RECV, 3, 4)
CHAN_SOCK_HOOK(socket_recvfrom, CHAN_SOCK_RECV, 3, 4)
CHAN_SOCK_HOOK(socket_write, CHAN_SOCK_SEND, 3, 0)
CHAN_SOCK_HOOK(socket_send, CHAN_SOCK_SEND, 3, 4)
CHAN_SOCK_HOOK(socket_sendto, CHAN_SOCK_SEND, 3, 4)
CHAN_SOCK_HOOK(socket_accept, CHAN_SOCK_ACCEPT, 0, 0)

/* Wrapped only where ext-sockets is loaded (chan_wrap_functions() skips a
 * function PHP does not have). */
static const chan_wrapped_function chan_socket_calls[] = {
    {"socket_read", chan_hook_socket_read, &chan_socket_read_prev},
    {"socket_recv", chan_hook_socket_recv, &chan_socket_recv_prev},
    {"socket_recvfrom", chan_hook_socket_recvfrom, &chan_socket_recvfrom_prev},
    {"socket_write", chan_hook_socket_write, &chan_socket_write_prev},
    {"socket_send", chan_hook_socket_send, &chan_socket_send_prev},
    {"socket_sendto", chan_hook_socket_sendto, &chan_socket_sendto_prev},
    {"socket_accept", chan_hook_socket_accept, &chan_socket_accept_prev},
};

void chan_hook_sockets_minit(void)
{
	chan_wrap_functions(chan_socket_calls, sizeof(chan_socket_calls) / sizeof(chan_socket_calls[0]));
}

void chan_hook_sockets_mshutdown(void)
{
	chan_unwrap_functions(chan_socket_calls, sizeof(chan_socket_calls) / sizeof(chan_socket_calls[0]));
}

#else

void chan_hook_sockets_minit(void)
{
}

void chan_hook_sockets_mshutdown(void)
{
}

#endif
