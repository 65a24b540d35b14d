/*
 * chan_hook_stream.c - the family "stream": every PHP stream over a socket
 * (tcp, udp, unix, udg, and OpenSSL's ssl and tls) parks only the calling
 * context where PHP's own code would block the process: reads, writes and
 * accept() of blocking streams. Through them mysqlnd (mysqli, PDO MySQL),
 * phpredis, the http:// wrappers and every pure-PHP client cooperate.
 *
 * How streams are reached. At MINIT every socket transport is registered
 * again with a factory that calls PHP's and gives the new stream a copy of
 * its ops (chan_hook_ops, one per kind, same label) whose read, write,
 * close and set_option are ours; accepted streams and stream_socket_pair()'s
 * get it too. Each of ours calls PHP's op with PHP's ops back in place for
 * the call, since PHP tells a unix socket from a tcp one, and ext/sockets a
 * socket stream, by the address of the ops.
 *
 * How a blocking read or write waits. The stream's own op is called with
 * the stream marked non-blocking for that call (is_blocked, in
 * php_netstream_data_t, which TLS streams also begin with) and its
 * descriptor in O_NONBLOCK mode, restored afterwards: it transfers what is
 * there (for TLS, what OpenSSL holds decrypted too) or reports that it
 * would block. Then the context parks on the descriptor for what is left of
 * the stream's timeout (stream_set_timeout(), default_socket_timeout) and
 * tries again. When the timeout passes, PHP's op runs once more, blocking,
 * with a timeout of one microsecond: the timeout is then reported (return
 * value, notice, timed_out) by PHP's own code. Non-blocking streams never
 * park.
 *
 * Safety (SPEC). One context per stream and direction: a second reader (or
 * writer) gets Chan\Error and the first is not disturbed. A stream closed
 * while contexts are parked on it wakes them; each retries its op on the
 * socket shut down under it and fails as on a reset connection, and the
 * close waits until they have left PHP's stream code, so nothing runs on
 * freed memory. Cancellation and deadlines end a parked op: the socket is
 * shut down (never reused half-read), the op fails, and the exception is
 * thrown when PHP's function returns.
 *
 * connect() parks too: where the address needs no lookup (an IP address, a
 * unix socket) PHP's connect runs asynchronously and the outcome is
 * reported in its words; a host name is looked up on a helper thread
 * (chan_hook_dns_lookup(), with the family "dns" on) and its addresses
 * connected to in turn the same way; for ssl:// and tls:// the TLS
 * handshake PHP's connect would begin follows once connected. The
 * handshake (that one, stream_socket_enable_crypto()'s) parks between
 * PHP's own steps (TLS handshake, below). Not yet: the handshake of an
 * ssl:// server's accept, made inside PHP's accept on a stream not yet
 * ours.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_hook.h"
#include "chan_io.h"
#include "php_network.h"
#include "php_streams.h"
#include "zend_exceptions.h"
#include "ext/standard/file.h"

#ifndef PHP_WIN32
#include <arpa/inet.h>
#include <netdb.h>
#include <fcntl.h>
#include <sys/socket.h>
#endif

/* --- ops ---------------------------------------------------------------- */

/* The kinds of socket stream whose abstract begins with a
 * php_netstream_data_t, by ops label (main/streams/xp_socket.c,
 * ext/openssl/xp_ssl.c). Any other stream is left as PHP made it. */
static const char *const chan_hook_labels[] = {
    "tcp_socket", "udp_socket", "unix_socket", "udg_socket", "generic_socket", "tcp_socket/ssl",
};

typedef struct chan_hook_ops {
	php_stream_ops ops; /* first: the stream's ops pointer is also ours */
	const php_stream_ops *orig;
	/* Made by a transport whose connect does no TLS handshake (tcp, udp,
	 * unix, udg; with OpenSSL loaded tcp:// streams are OpenSSL's kind too,
	 * label "tcp_socket/ssl", but only ssl:// and tls:// handshake on
	 * connect), and accepted from such a server: its connect may be made
	 * asynchronous. */
	bool plain;
} chan_hook_ops;

#define CHAN_HOOK_KINDS 16
static chan_hook_ops chan_hook_kinds[CHAN_HOOK_KINDS];
static uint32_t chan_hook_nkinds;
#ifdef ZTS
static MUTEX_T chan_hook_kinds_lock;
#endif

static ssize_t chan_hook_read(php_stream *stream, char *buf, size_t count);
static ssize_t chan_hook_write(php_stream *stream, const char *buf, size_t count);
static int chan_hook_close(php_stream *stream, int close_handle);
static int chan_hook_set_option(php_stream *stream, int option, int value, void *ptrparam);

static zend_always_inline bool chan_hook_is_ours(const php_stream_ops *ops)
{
	return (const void *) ops >= (const void *) chan_hook_kinds &&
	       (const void *) ops < (const void *) (chan_hook_kinds + CHAN_HOOK_KINDS);
}

static zend_always_inline const php_stream_ops *chan_hook_orig(const php_stream *stream)
{
	return ((const chan_hook_ops *) stream->ops)->orig;
}

/* Our copy of orig, made on first sight; NULL for a kind we do not hook. */
static const php_stream_ops *chan_hook_ops_for(const php_stream_ops *orig, bool plain)
{
	const php_stream_ops *found = NULL;
	bool socket = false;
	for (size_t i = 0; orig->label && i < sizeof(chan_hook_labels) / sizeof(chan_hook_labels[0]); i++) {
		socket = socket || !strcmp(orig->label, chan_hook_labels[i]);
	}
	if (!socket || !orig->read || !orig->write || !orig->close || !orig->set_option) {
		return NULL;
	}
#ifdef ZTS
	tsrm_mutex_lock(chan_hook_kinds_lock);
#endif
	for (uint32_t i = 0; i < chan_hook_nkinds && !found; i++) {
		if (chan_hook_kinds[i].orig == orig && chan_hook_kinds[i].plain == plain) {
			found = &chan_hook_kinds[i].ops;
		}
	}
	if (!found && chan_hook_nkinds < CHAN_HOOK_KINDS) {
		chan_hook_ops *k = &chan_hook_kinds[chan_hook_nkinds];
		k->ops = *orig;
		k->ops.read = chan_hook_read;
		k->ops.write = chan_hook_write;
		k->ops.close = chan_hook_close;
		k->ops.set_option = chan_hook_set_option;
		k->orig = orig;
		k->plain = plain;
		found = &k->ops;
		chan_hook_nkinds++;
	}
#ifdef ZTS
	tsrm_mutex_unlock(chan_hook_kinds_lock);
#endif
	return found;
}

static void chan_hook_stream(php_stream *stream, bool plain)
{
	if (stream && !chan_hook_is_ours(stream->ops)) {
		const php_stream_ops *ours = chan_hook_ops_for(stream->ops, plain);
		if (ours) {
			stream->ops = ours;
		}
	}
}

/* PHP's read or write: neither looks at the ops' address. */
static zend_always_inline ssize_t chan_orig_io(php_stream *stream, char *buf, size_t count, int dir)
{
	const php_stream_ops *orig = chan_hook_orig(stream);
	return dir == CHAN_HOOK_READ ? orig->read(stream, buf, count) : orig->write(stream, buf, count);
}

/* PHP's set_option, with PHP's ops in place for the call (connect and bind
 * tell unix from inet sockets by them). */
static int chan_orig_set_option(php_stream *stream, int option, int value, void *ptrparam)
{
	const php_stream_ops *ours = stream->ops;
	stream->ops = chan_hook_orig(stream);
	int r = stream->ops->set_option(stream, option, value, ptrparam);
	stream->ops = ours;
	return r;
}

/* --- what is noted per stream ------------------------------------------- */

/* For the streams of OpenSSL's kind (with ext/openssl loaded, tcp:// ones
 * too) this request made or accepted: the timeout the stream was made with
 * (PHP's private copy of it is a client's TLS handshake timeout) and
 * whether TLS was ever set up on it (until then its reads and writes are
 * PHP's plain socket ones). */
typedef struct {
	struct timeval made_with;
	bool crypto;
} chan_stream_note;
static TSRM_TLS HashTable *chan_stream_notes;

static void chan_stream_note_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

static chan_stream_note *chan_stream_note_of(const php_stream *stream)
{
	return chan_stream_notes ? zend_hash_index_find_ptr(chan_stream_notes, (zend_ulong) (uintptr_t) stream) : NULL;
}

static void chan_stream_note_add(const php_stream *stream, const struct timeval *made_with, bool crypto)
{
	if (!chan_stream_notes) {
		ALLOC_HASHTABLE(chan_stream_notes);
		zend_hash_init(chan_stream_notes, 8, NULL, chan_stream_note_dtor, 0);
	}
	chan_stream_note note = {*made_with, crypto};
	zend_hash_index_update_mem(chan_stream_notes, (zend_ulong) (uintptr_t) stream, &note, sizeof(note));
}

/* --- read and write ----------------------------------------------------- */

/* Whether the stream is a plain stream socket (tcp or unix, no TLS set up
 * on it), whose ops are PHP's xp_socket.c ones: PHP's read with a zero
 * timeout then makes one recv(MSG_DONTWAIT) (8.2 polls with a zero timeout
 * first), and PHP's blocking write, once the socket is writable, one
 * send(); a send() only with a timeout set, when PHP passes MSG_DONTWAIT.
 * It spares a try its three fcntl() calls. */
static bool chan_hook_plain_io(const php_stream *stream, const php_netstream_data_t *sock, int dir)
{
	const char *label = chan_hook_orig(stream)->label;
	bool plain;
	if (!strcmp(label, "tcp_socket/ssl")) {
		const chan_stream_note *note = chan_stream_note_of(stream);
		plain = note && !note->crypto;
	} else {
		plain = !strcmp(label, "tcp_socket") || !strcmp(label, "unix_socket");
	}
	return plain && (dir == CHAN_HOOK_READ || sock->timeout.tv_sec != -1);
}

static bool chan_hook_is_tls(const php_stream *stream)
{
	return !strcmp(chan_hook_orig(stream)->label, "tcp_socket/ssl");
}

/* PHP's read on a plain stream socket with a zero timeout: what it reads,
 * or *blocked where it would have waited. */
static ssize_t chan_hook_plain_read(php_stream *stream, php_netstream_data_t *sock, char *buf, size_t count,
                                    bool *blocked)
{
	struct timeval saved = sock->timeout;
	sock->timeout.tv_sec = 0;
	sock->timeout.tv_usec = 0;
	sock->timeout_event = 0;
	ssize_t n = chan_orig_io(stream, buf, count, CHAN_HOOK_READ);
	sock->timeout = saved;
	/* 8.2's zero-timeout poll found nothing (a timeout), or recv() said EAGAIN */
	*blocked = sock->timeout_event || (n == 0 && !stream->eof);
	sock->timeout_event = 0;
	return n;
}

static double chan_hook_timeout(const php_netstream_data_t *sock)
{
	if (sock->timeout.tv_sec < 0) {
		return -1;
	}
	return (double) sock->timeout.tv_sec + (double) sock->timeout.tv_usec / 1e6;
}

/* PHP's op, non-blocking for this one call: what it transfers, or 0 where
 * it would block. */
static ssize_t chan_hook_try(php_stream *stream, php_netstream_data_t *sock, char *buf, size_t count, int dir)
{
#ifndef PHP_WIN32
	int fl = fcntl(sock->socket, F_GETFL);
	if (fl >= 0 && !(fl & O_NONBLOCK)) {
		fcntl(sock->socket, F_SETFL, fl | O_NONBLOCK);
	}
#endif
	sock->is_blocked = 0;
	ssize_t n = chan_orig_io(stream, buf, count, dir);
	sock->is_blocked = 1;
#ifndef PHP_WIN32
	if (fl >= 0 && !(fl & O_NONBLOCK) && sock->socket != SOCK_ERR) {
		fcntl(sock->socket, F_SETFL, fl);
	}
#endif
	return n;
}

/* The timeout passed: PHP's op, blocking with a timeout of 1 us, reports it
 * in PHP's own way (timed_out, its return value, its notice). */
static ssize_t chan_hook_timed_out(php_stream *stream, php_netstream_data_t *sock, char *buf, size_t count, int dir)
{
	struct timeval saved = sock->timeout;
	sock->timeout.tv_sec = 0;
	sock->timeout.tv_usec = 1;
	ssize_t n = chan_orig_io(stream, buf, count, dir);
	sock->timeout = saved;
	return n;
}

/* Ends a parked op that must not resume: the socket is shut down, so the
 * connection is never used again half-read or half-written. */
static void chan_hook_cut(php_stream *stream, php_netstream_data_t *sock)
{
#ifndef PHP_WIN32
	shutdown(sock->socket, SHUT_RDWR);
#endif
	stream->eof = 1;
}

/* A blocking read or write where another context could run. */
static ssize_t chan_hook_io(php_stream *stream, char *buf, size_t count, int dir)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	if (!sock || sock->socket == SOCK_ERR || !sock->is_blocked || count == 0) {
		return chan_orig_io(stream, buf, count, dir);
	}
	double timeout = chan_hook_timeout(sock);
	if (timeout == 0) {
		return chan_orig_io(stream, buf, count, dir);
	}
#if PHP_VERSION_ID >= 80300
	/* PHP 8.3+ returns what is buffered rather than wait for more */
	bool buffered = dir == CHAN_HOOK_READ && stream->has_buffered_data;
#else
	bool buffered = false;
#endif
	if (EG(exception)) { /* an earlier op of this call was ended: no second wait */
		return -1;
	}
	uint64_t start = timeout > 0 ? chan_now_ns() : 0;
	chan_hook_park *p = NULL;
	bool plain = chan_hook_plain_io(stream, sock, dir);
	unsigned events = dir == CHAN_HOOK_READ ? CHAN_POLL_IN : CHAN_POLL_OUT;
	sock->timeout_event = 0;
	for (;;) {
		ssize_t n;
		bool blocked;
		if (!plain) {
			n = chan_hook_try(stream, sock, buf, count, dir);
			blocked = n == 0 && !(dir == CHAN_HOOK_READ && stream->eof);
		} else if (dir == CHAN_HOOK_READ) {
			n = chan_hook_plain_read(stream, sock, buf, count, &blocked);
		} else {
			blocked = !(p && p->closed) && !chan_io_ready(sock->socket, events);
			n = blocked ? 0 : chan_orig_io(stream, buf, count, dir);
		}
		if (!blocked || buffered || (p && p->closed)) {
			if (p) {
				chan_hook_leave(stream, p, dir);
			}
			return n;
		}
		double left = timeout;
		if (timeout > 0) {
			left = timeout - (double) (chan_now_ns() - start) / 1e9;
			if (left <= 0) {
				if (p) {
					chan_hook_leave(stream, p, dir);
				}
				return chan_hook_timed_out(stream, sock, buf, count, dir);
			}
		}
		if (!p && !(p = chan_hook_enter(stream, "stream", dir))) {
			return -1;
		}
		if (!chan_checkpoint()) {
			chan_hook_leave(stream, p, dir);
			chan_hook_cut(stream, sock);
			return -1;
		}
		/* a plain try has just found the socket not ready: edge interest */
		zend_ulong key = plain && stream->res ? (zend_ulong) stream->res->handle : 0;
		chan_wake why;
		if (!chan_io_wait_edge(sock->socket, events, key, left, &why)) {
			chan_hook_leave(stream, p, dir);
			return -1;
		}
		switch (why) {
			case CHAN_WAKE_OK:
				continue;
			case CHAN_WAKE_TIMEOUT:
				chan_hook_leave(stream, p, dir);
				return chan_hook_timed_out(stream, sock, buf, count, dir);
			case CHAN_WAKE_CLOSED: /* closed under us: one more try fails as on a reset connection */
#ifndef PHP_WIN32
				shutdown(sock->socket, SHUT_RDWR);
#endif
				continue;
			default:
				chan_hook_leave(stream, p, dir);
				chan_hook_cut(stream, sock);
				chan_raise(why);
				return -1;
		}
	}
}

static ssize_t chan_hook_read(php_stream *stream, char *buf, size_t count)
{
	if (EXPECTED(!chan_hook_active(CHAN_HOOK_STREAM))) {
		return chan_hook_orig(stream)->read(stream, buf, count);
	}
	return chan_hook_io(stream, buf, count, CHAN_HOOK_READ);
}

static ssize_t chan_hook_write(php_stream *stream, const char *buf, size_t count)
{
	if (EXPECTED(!chan_hook_active(CHAN_HOOK_STREAM))) {
		return chan_hook_orig(stream)->write(stream, buf, count);
	}
	return chan_hook_io(stream, (char *) buf, count, CHAN_HOOK_WRITE);
}

/* --- accept ------------------------------------------------------------- */

/* stream_socket_accept() is running (its handler is wrapped): an accept the
 * hook ended with an exception keeps PHP from adding "Accept failed:
 * Unknown error" to it; nothing failed, the wait was ended. */
static TSRM_TLS bool chan_hook_in_accept;
static TSRM_TLS bool chan_hook_quieted;
static TSRM_TLS int chan_hook_quiet_saved;
/* PHP's accept of a TLS server runs, with its handshake */
static TSRM_TLS bool chan_hook_tls_accepting;

static void chan_hook_quiet_accept(void)
{
	if (chan_hook_in_accept && !chan_hook_quieted) {
		chan_hook_quiet_saved = EG(error_reporting);
		EG(error_reporting) &= ~E_WARNING;
		chan_hook_quieted = true;
	}
}

static int chan_hook_accept_ended(php_stream_xport_param *xparam)
{
	xparam->outputs.returncode = -1;
	chan_hook_quiet_accept();
	return PHP_STREAM_OPTION_RETURN_OK;
}

static zif_handler chan_stream_socket_accept_prev;
static ZEND_NAMED_FUNCTION(chan_hook_stream_socket_accept)
{
	bool outer = chan_hook_in_accept;
	chan_hook_in_accept = true;
	chan_stream_socket_accept_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	chan_hook_in_accept = outer;
	if (chan_hook_quieted && !outer) {
		EG(error_reporting) = chan_hook_quiet_saved;
		chan_hook_quieted = false;
	}
}

/* A blocking accept parks until a connection waits; when the timeout given
 * to stream_socket_accept() passes (or the server stream is closed under
 * it), PHP's accept runs with no time left and fails in its own words. The
 * accepted stream is hooked like its server. A TLS server's accept (ssl://,
 * tls://) begins the handshake inside PHP's accept, on the new stream,
 * which PHP makes with the server's ops: ours stay in place for that call,
 * so the handshake's setup and start reach chan_hook_crypto() and park
 * like any other (chan_hook_handshake()), and the server stays entered
 * meanwhile, so that closing it waits for PHP's accept to return. */
static int chan_hook_accept(php_stream *stream, int option, int value, php_stream_xport_param *xparam)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	struct timeval none = {0, 0}, *given = xparam->inputs.timeout;
	bool plain = ((const chan_hook_ops *) stream->ops)->plain;
	bool hooked = sock && sock->socket != SOCK_ERR && sock->is_blocked && chan_hook_active(CHAN_HOOK_STREAM);
	bool tls = hooked && !plain && chan_hook_is_tls(stream);
	chan_hook_park *p = NULL;
	if (hooked && !chan_io_ready(sock->socket, CHAN_POLL_IN)) {
		double timeout = given ? (double) given->tv_sec + (double) given->tv_usec / 1e6 : -1;
		uint64_t start = timeout > 0 ? chan_now_ns() : 0;
		chan_wake why = CHAN_WAKE_OK;
		do {
			double left = timeout > 0 ? timeout - (double) (chan_now_ns() - start) / 1e9 : timeout;
			if (timeout >= 0 && left <= 0) {
				why = CHAN_WAKE_TIMEOUT;
				break;
			}
			if ((!p && !(p = chan_hook_enter(stream, "stream", CHAN_HOOK_READ))) || !chan_checkpoint() ||
			    !chan_io_wait(sock->socket, CHAN_POLL_IN, left, &why)) {
				if (p) {
					chan_hook_leave(stream, p, CHAN_HOOK_READ);
				}
				return chan_hook_accept_ended(xparam);
			}
		} while (why == CHAN_WAKE_OK && !chan_io_ready(sock->socket, CHAN_POLL_IN));
		if (p && (!tls || why != CHAN_WAKE_OK)) {
			chan_hook_leave(stream, p, CHAN_HOOK_READ);
			p = NULL;
		}
		if (why == CHAN_WAKE_TIMEOUT || why == CHAN_WAKE_CLOSED) {
			xparam->inputs.timeout = &none;
		} else if (why != CHAN_WAKE_OK) {
			chan_raise(why);
			return chan_hook_accept_ended(xparam);
		}
	}
	int r;
	if (tls && xparam->inputs.timeout != &none) {
		if (!p && !(p = chan_hook_enter(stream, "stream", CHAN_HOOK_READ))) {
			return chan_hook_accept_ended(xparam);
		}
		bool outer = chan_hook_tls_accepting;
		chan_hook_tls_accepting = true;
		r = chan_hook_orig(stream)->set_option(stream, option, value, xparam);
		chan_hook_tls_accepting = outer;
		chan_hook_leave(stream, p, CHAN_HOOK_READ);
	} else {
		r = chan_orig_set_option(stream, option, value, xparam);
	}
	xparam->inputs.timeout = given;
	php_stream *client = xparam->outputs.client;
	chan_hook_stream(client, plain);
	if (client && plain && chan_hook_is_ours(client->ops) && !strcmp(chan_hook_orig(client)->label, "tcp_socket/ssl")) {
		static const struct timeval none = {0, 0}; /* what PHP gives an accepted stream */
		chan_stream_note_add(client, &none, false);
	}
	return r;
}

/* --- connect ------------------------------------------------------------ */

typedef struct chan_tls_connect chan_tls_connect;
static int chan_connect_orig(php_stream *stream, int option, int value, php_stream_xport_param *xparam,
                             chan_tls_connect *tls);

/* Whether a connect to name needs no name lookup: a unix socket's path, or
 * "ADDRESS:PORT" with a literal IPv4 address or a bracketed IPv6 one. */
static bool chan_hook_literal(const php_stream *stream, const char *name, size_t len)
{
	const char *label = chan_hook_orig(stream)->label;
	if (!strcmp(label, "unix_socket") || !strcmp(label, "udg_socket")) {
		return true;
	}
	char host[64];
	const char *colon = len ? zend_memrchr(name, ':', len) : NULL;
	if (!colon || (size_t) (colon - name) >= sizeof(host)) {
		return false;
	}
	size_t hlen = (size_t) (colon - name);
	if (hlen >= 2 && name[0] == '[' && name[hlen - 1] == ']') {
		memcpy(host, name + 1, hlen - 2);
		host[hlen - 2] = '\0';
		struct in6_addr a6;
		return inet_pton(AF_INET6, host, &a6) == 1;
	}
	memcpy(host, name, hlen);
	host[hlen] = '\0';
	struct in_addr a4;
	return inet_pton(AF_INET, host, &a4) == 1;
}

/* A blocking connect to an address that needs no lookup is made
 * asynchronous, and the context parks until it completes or its timeout
 * passes; the outcome is reported as PHP's blocking connect reports it
 * (returncode, error_code, error_text "Connection refused", "Connection
 * timed out"), with the descriptor back in blocking mode. */
static int chan_hook_connect(php_stream *stream, int option, int value, php_stream_xport_param *xparam,
                             chan_tls_connect *tls)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	xparam->op = STREAM_XPORT_OP_CONNECT_ASYNC;
	int r = chan_connect_orig(stream, option, value, xparam, tls);
	xparam->op = STREAM_XPORT_OP_CONNECT;
	if (r != PHP_STREAM_OPTION_RETURN_OK || xparam->outputs.returncode != 1 || sock->socket == SOCK_ERR) {
		return r; /* done at once, or failed in PHP's own words */
	}
	if (xparam->outputs.error_text) { /* "Operation now in progress" */
		zend_string_release(xparam->outputs.error_text);
		xparam->outputs.error_text = NULL;
	}
	int err = 0;
	chan_wake why = CHAN_WAKE_TIMEOUT;
	struct timeval *tv = xparam->inputs.timeout;
	double timeout = tv ? (double) tv->tv_sec + (double) tv->tv_usec / 1e6 : -1;
	chan_hook_park *p = timeout != 0 ? chan_hook_enter(stream, "stream", CHAN_HOOK_WRITE) : NULL;
	bool waited = p && chan_checkpoint() && chan_io_wait(sock->socket, CHAN_POLL_OUT, timeout, &why);
	if (p) {
		chan_hook_leave(stream, p, CHAN_HOOK_WRITE);
	}
	if (timeout != 0 && !waited) {
		err = ECONNABORTED; /* an exception is on its way (Chan\Error when another context connects it) */
	} else if (why == CHAN_WAKE_OK) {
		socklen_t len = sizeof(err);
		if (getsockopt(sock->socket, SOL_SOCKET, SO_ERROR, (char *) &err, &len) != 0) {
			err = errno;
		}
	} else if (why == CHAN_WAKE_TIMEOUT) {
		err = ETIMEDOUT;
	} else {
		err = ECONNABORTED;
		if (why != CHAN_WAKE_CLOSED) {
			chan_raise(why);
		}
	}
	if (err == 0) {
		php_set_sock_blocking(sock->socket, 1);
		xparam->outputs.returncode = 0;
		xparam->outputs.error_code = 0;
		return r;
	}
	xparam->outputs.returncode = -1;
	xparam->outputs.error_code = err;
	if (xparam->want_errortext) {
		xparam->outputs.error_text = php_socket_error_str(err);
	}
	return r;
}

#ifdef CHAN_HAVE_HOOK_DNS
/* "NAME:PORT" with a host name to look up (no literal, no brackets, a
 * port PHP accepts) on a plain transport: host (a copy) and port. */
static bool chan_hook_named(const php_stream *stream, const char *name, size_t len, char *host, size_t hostsize,
                            int *port)
{
	const char *colon = len ? zend_memrchr(name, ':', len) : NULL;
	size_t hlen = colon ? (size_t) (colon - name) : 0;
	if (!colon || hlen == 0 || hlen >= hostsize || memchr(name, ':', hlen) || name[0] == '[' ||
	    memchr(name, '\0', len)) {
		return false;
	}
	const char *label = chan_hook_orig(stream)->label;
	if (strcmp(label, "tcp_socket") && strcmp(label, "udp_socket") && strcmp(label, "tcp_socket/ssl")) {
		return false;
	}
	char *end;
	long p = strtol(colon + 1, &end, 10);
	if (end == colon + 1 || *end || p <= 0 || p > 65535) {
		return false; /* PHP's own words for what it cannot parse */
	}
	memcpy(host, name, hlen);
	host[hlen] = '\0';
	*port = (int) p;
	return true;
}

/* A blocking connect to a host name: the name is looked up on a helper
 * thread (the family "dns"), then each address is connected to in turn as
 * PHP's connect tries them, each by chan_hook_connect() with what is left
 * of the timeout, until one succeeds; a failure is reported in PHP's words
 * (its lookup warning, or the last address's error). */
static int chan_hook_connect_named(php_stream *stream, int option, int value, php_stream_xport_param *xparam,
                                   chan_tls_connect *tls, const char *host, int port)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	int socktype = !strcmp(chan_hook_orig(stream)->label, "udp_socket") ? SOCK_DGRAM : SOCK_STREAM;
	struct sockaddr_storage *addrs = NULL;
	size_t n = 0;
	int gai = chan_hook_dns_lookup(host, socktype, &addrs, &n);
	if (gai != 0 || n == 0) {
		xparam->outputs.returncode = -1;
		xparam->outputs.error_code = 0;
		if (gai == -1) { /* the wait was ended: its exception is on its way, as for a literal's connect */
			xparam->outputs.error_code = ECONNABORTED;
			if (xparam->want_errortext) {
				xparam->outputs.error_text = php_socket_error_str(ECONNABORTED);
			}
		} else {
			zend_string *msg =
			    gai ? strpprintf(0, "php_network_getaddresses: getaddrinfo for %s failed: %s", host, gai_strerror(gai))
			        : strpprintf(0,
			                     "php_network_getaddresses: getaddrinfo for %s failed (null result "
			                     "pointer) errno=%d",
			                     host, errno);
			php_error_docref(NULL, E_WARNING, "%s", ZSTR_VAL(msg));
			if (xparam->want_errortext) {
				xparam->outputs.error_text = msg;
			} else {
				zend_string_release(msg);
			}
		}
		free(addrs);
		return PHP_STREAM_OPTION_RETURN_OK;
	}
	char *name = xparam->inputs.name;
	size_t namelen = xparam->inputs.namelen;
	struct timeval *given = xparam->inputs.timeout, left;
	double timeout = given ? (double) given->tv_sec + (double) given->tv_usec / 1e6 : -1;
	uint64_t start = chan_now_ns();
	int r = PHP_STREAM_OPTION_RETURN_OK;
	for (size_t i = 0; i < n; i++) {
		char text[INET6_ADDRSTRLEN], literal[INET6_ADDRSTRLEN + 16];
		const struct sockaddr_storage *sa = &addrs[i];
		if (sa->ss_family == AF_INET6) {
			inet_ntop(AF_INET6, &((const struct sockaddr_in6 *) sa)->sin6_addr, text, sizeof(text));
			snprintf(literal, sizeof(literal), "[%s]:%d", text, port);
		} else if (sa->ss_family == AF_INET) {
			inet_ntop(AF_INET, &((const struct sockaddr_in *) sa)->sin_addr, text, sizeof(text));
			snprintf(literal, sizeof(literal), "%s:%d", text, port);
		} else {
			continue;
		}
		/* Past 1e9 s as good as none, and PHP waits forever on a negative
		 * one (a huge timeout overflowed): the given one stays. */
		if (given && timeout >= 0 && timeout < 1e9) {
			double rest = timeout - (double) (chan_now_ns() - start) / 1e9;
			rest = rest > 0 ? rest : 0;
			left.tv_sec = (time_t) rest;
			left.tv_usec = (suseconds_t) ((rest - (double) left.tv_sec) * 1e6);
			xparam->inputs.timeout = &left;
		}
		if (xparam->outputs.error_text) { /* the previous address's: PHP keeps the last one */
			zend_string_release(xparam->outputs.error_text);
			xparam->outputs.error_text = NULL;
		}
		if (sock->socket != SOCK_ERR) { /* the previous address's socket */
			closesocket(sock->socket);
			sock->socket = SOCK_ERR;
		}
		xparam->inputs.name = literal;
		xparam->inputs.namelen = strlen(literal);
		r = chan_hook_connect(stream, option, value, xparam, tls);
		if (r != PHP_STREAM_OPTION_RETURN_OK || xparam->outputs.returncode == 0 || EG(exception)) {
			break;
		}
	}
	xparam->inputs.name = name;
	xparam->inputs.namelen = namelen;
	xparam->inputs.timeout = given;
	free(addrs);
	return r;
}
#endif

/* --- recvfrom, sendto ----------------------------------------------------- */

/* stream_socket_recvfrom() and sendto() (with flags or an address; without,
 * they are reads and writes): PHP's recvfrom()/sendto() block in the kernel
 * on a blocking socket, with no timeout. The context parks, without a
 * timeout as PHP's call has none, until the call would not block. */
static int chan_hook_transfer(php_stream *stream, int option, int value, php_stream_xport_param *xparam, int dir)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	unsigned events = dir == CHAN_HOOK_READ ? CHAN_POLL_IN : CHAN_POLL_OUT;
	int call = dir == CHAN_HOOK_WRITE                ? CHAN_HOOK_SEND
	           : (xparam->inputs.flags & STREAM_OOB) ? CHAN_HOOK_RECV_OOB
	                                                 : CHAN_HOOK_RECV;
	if (chan_hook_would_block(sock->socket, call)) {
		chan_hook_park *p = EG(exception) ? NULL : chan_hook_enter(stream, "stream", dir);
		chan_wake why = CHAN_WAKE_OK;
		bool waited = p != NULL;
		while (waited && why == CHAN_WAKE_OK && chan_hook_would_block(sock->socket, call)) {
			waited = chan_checkpoint() && chan_io_wait(sock->socket, events, -1, &why);
		}
		if (p) {
			chan_hook_leave(stream, p, dir);
		}
		if (waited && why != CHAN_WAKE_OK && why != CHAN_WAKE_CLOSED) {
			chan_raise(why);
			waited = false;
		}
		if (!waited) {
			if (p) {
				chan_hook_cut(stream, sock);
			}
			xparam->outputs.returncode = -1;
			return PHP_STREAM_OPTION_RETURN_OK;
		}
		if (why == CHAN_WAKE_CLOSED) {
#ifndef PHP_WIN32
			shutdown(sock->socket, SHUT_RDWR); /* fails as on a reset connection */
#endif
		}
	}
	return chan_orig_set_option(stream, option, value, xparam);
}

/* --- TLS handshake ------------------------------------------------------ */

/* PHP's handshake (stream_socket_enable_crypto(), and the one an ssl:// or
 * tls:// connect begins) loops over SSL_connect() or SSL_accept() and
 * poll() until it is done or its timeout passes. Here each step is PHP's
 * own for a non-blocking stream (is_blocked off for the call): PHP answers
 * 0 where it would wait, keeping the handshake's state, and the context
 * parks until the socket is ready; the step that ends it is PHP's too, so
 * SNI, peer verification, captured certificates and warnings are PHP's.
 * The timeout is PHP's: a server's is the stream's read timeout, a
 * client's the one the stream was made with (PHP keeps its copy in a
 * private struct; ours is taken from the transport's factory, kept for the
 * request that made the stream). */

/* The last crypto setup: a handshake begins right after it, and says
 * whether it is a client's. */
static TSRM_TLS struct {
	const php_stream *stream;
	bool client;
} chan_tls_setup;

/* Set during PHP's connect of an OpenSSL stream (a call that never parks):
 * the TLS it begins is noted there instead, and done once the connect is
 * (chan_hook_tls_begin()). */
struct chan_tls_connect {
	const php_stream *stream;
	php_stream_xport_crypt_method_t method;
	bool begun;
};
static TSRM_TLS chan_tls_connect *chan_tls_connecting;

/* A warning PHP's TLS code gives, given as the PHP running gives it: from
 * 8.6 on a stream's errors are kept in order and reported when the
 * operation ends (main/streams/php_stream_errors.h). */
#if PHP_VERSION_ID >= 80600
#define chan_tls_warning(stream, code, msg)                                                                            \
	php_stream_error(stream, NULL, E_WARNING, true, PHP_STREAM_EC(code), "%s", msg)
#else
#define chan_tls_warning(stream, code, msg) php_error_docref(NULL, E_WARNING, "%s", msg)
#endif

static int chan_connect_orig(php_stream *stream, int option, int value, php_stream_xport_param *xparam,
                             chan_tls_connect *tls)
{
	if (!chan_hook_is_tls(stream)) {
		return chan_orig_set_option(stream, option, value, xparam);
	}
	/* Our ops stay in place, so that the TLS setup and start PHP's connect
	 * makes (through the stream's ops) reach chan_hook_crypto(). */
	chan_tls_connect *outer = chan_tls_connecting;
	chan_tls_connecting = tls;
	int r = chan_hook_orig(stream)->set_option(stream, option, value, xparam);
	chan_tls_connecting = outer;
	return r;
}

/* After the connect: what PHP's connect does next when it has TLS to
 * begin (ext/openssl), with the method it asked for. */
static void chan_hook_tls_begin(php_stream *stream, chan_tls_connect *tls, int r, php_stream_xport_param *xparam)
{
	if (tls->begun && r == PHP_STREAM_OPTION_RETURN_OK && xparam->outputs.returncode == 0 && !EG(exception)) {
		if (php_stream_xport_crypto_setup(stream, tls->method, NULL) < 0 ||
		    php_stream_xport_crypto_enable(stream, 1) < 0) {
			chan_tls_warning(stream, ProtocolError, "Failed to enable crypto");
			xparam->outputs.returncode = -1;
		}
	}
}

/* The timeout PHP's handshake reads: a server's (made_with NULL) is the
 * stream's read timeout; a client's, PHP's private copy of the one it was
 * made with, found as the one struct timeval equal to it among the first
 * fields after the public ones (PHP 8.2 to 8.6 keep it 16 bytes in; later
 * ones may add fields before it). NULL when not found exactly once. */
static struct timeval *chan_tls_timeval(php_stream *stream, php_netstream_data_t *sock, const struct timeval *made_with)
{
	if (!made_with) {
		return &sock->timeout;
	}
	struct timeval *found = NULL;
	char *base = (char *) stream->abstract + ZEND_MM_ALIGNED_SIZE_EX(sizeof(php_netstream_data_t), 8);
	for (size_t off = 0; off + sizeof(struct timeval) <= 64; off += 8) {
		struct timeval tv;
		memcpy(&tv, base + off, sizeof(tv));
		if (tv.tv_sec == made_with->tv_sec && tv.tv_usec == made_with->tv_usec) {
			if (found) {
				return NULL;
			}
			found = (struct timeval *) (base + off);
		}
	}
	return found;
}

/* The seconds PHP's handshake waits at most (-1: no limit); false where
 * the handshake stays PHP's own (a client stream this request did not
 * make, a handshake not right after its setup). */
static bool chan_tls_timeout(const php_stream *stream, const php_netstream_data_t *sock,
                             const struct timeval **made_with, double *timeout)
{
	if (chan_tls_setup.stream != stream) {
		return false;
	}
	if (chan_tls_setup.client) {
		const chan_stream_note *note = chan_stream_note_of(stream);
		if (!note) {
			return false;
		}
		const struct timeval *tv = &note->made_with;
		*made_with = tv;
		*timeout = (double) tv->tv_sec + (double) tv->tv_usec / 1e6;
	} else {
		*timeout = chan_hook_timeout(sock);
	}
	if (*timeout <= 0) {
		*timeout = -1; /* PHP waits with no timeout */
	}
	return true;
}

/* The time is up: PHP's own step reports it, blocking with 1 us left, so
 * that its warning and the state it leaves the stream in are those of the
 * PHP running (8.2 leaves it non-blocking, later ones not). Where PHP's
 * timeout cannot be found, the report is ours, in PHP 8.2's way. */
static int chan_tls_timed_out(php_stream *stream, php_netstream_data_t *sock, int option, int value,
                              php_stream_xport_crypto_param *cparam, const struct timeval *made_with)
{
	struct timeval *tv = chan_tls_timeval(stream, sock, made_with);
	if (!tv) {
		chan_tls_warning(stream, TimeOut, "SSL: Handshake timed out");
		cparam->outputs.returncode = -1;
		return PHP_STREAM_OPTION_RETURN_OK;
	}
	struct timeval saved = *tv;
	tv->tv_sec = 0;
	tv->tv_usec = 1;
	sock->is_blocked = 1;
	int r = chan_orig_set_option(stream, option, value, cparam);
	*tv = saved;
	return r;
}

static int chan_hook_handshake(php_stream *stream, int option, int value, php_stream_xport_crypto_param *cparam)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	const struct timeval *made_with = NULL;
	double timeout;
	if (!chan_tls_timeout(stream, sock, &made_with, &timeout) || EG(exception)) {
		return chan_orig_set_option(stream, option, value, cparam);
	}
	uint64_t start = chan_now_ns();
	chan_hook_park *p = NULL;
	int r;
	for (;;) {
		sock->is_blocked = 0;
		errno = 0; /* PHP answers 0 only for a step that would block (EAGAIN) */
		r = chan_orig_set_option(stream, option, value, cparam);
		if (r != PHP_STREAM_OPTION_RETURN_OK || cparam->outputs.returncode != 0 || (p && p->closed)) {
			break;
		}
		double left = timeout;
		if (timeout > 0 && (left = timeout - (double) (chan_now_ns() - start) / 1e9) <= 0) {
			if (p) {
				chan_hook_leave(stream, p, CHAN_HOOK_READ);
			}
			return chan_tls_timed_out(stream, sock, option, value, cparam, made_with);
		}
		if (!p && !(p = chan_hook_enter(stream, "stream", CHAN_HOOK_READ))) {
			cparam->outputs.returncode = -1;
			break;
		}
		chan_wake why = CHAN_WAKE_OK;
		/* A step waits to write only when the socket had no room (rare in
		 * a handshake); else for the peer's next message. */
		unsigned events = chan_io_ready(sock->socket, CHAN_POLL_OUT) ? CHAN_POLL_IN : CHAN_POLL_OUT;
		bool waited = chan_checkpoint() && chan_io_wait(sock->socket, events, left, &why);
		if (!waited || (why != CHAN_WAKE_OK && why != CHAN_WAKE_CLOSED && why != CHAN_WAKE_TIMEOUT)) {
			chan_hook_cut(stream, sock);
			if (waited) {
				chan_raise(why);
			}
			if (chan_hook_tls_accepting) { /* no "Failed to enable crypto", no "Accept failed" */
				chan_hook_quiet_accept();
			}
			cparam->outputs.returncode = -1;
			break;
		}
		if (why == CHAN_WAKE_CLOSED) { /* one more step fails as on a reset connection */
#ifndef PHP_WIN32
			shutdown(sock->socket, SHUT_RDWR);
#endif
		}
	}
	if (p) {
		chan_hook_leave(stream, p, CHAN_HOOK_READ);
	}
	if (sock->socket != SOCK_ERR) {
		php_set_sock_blocking(sock->socket, 1);
	}
	sock->is_blocked = 1;
	return r;
}

/* PHP_STREAM_OPTION_CRYPTO_API */
static int chan_hook_crypto(php_stream *stream, int option, int value, php_stream_xport_crypto_param *cparam)
{
	if (chan_tls_connecting && chan_tls_connecting->stream == stream) {
		if (cparam->op == STREAM_XPORT_CRYPTO_OP_SETUP) {
			chan_tls_connecting->method = cparam->inputs.method;
			chan_tls_connecting->begun = true;
		}
		cparam->outputs.returncode = 0;
		return PHP_STREAM_OPTION_RETURN_OK;
	}
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	if (cparam->op == STREAM_XPORT_CRYPTO_OP_SETUP) {
		chan_stream_note *note = chan_stream_note_of(stream);
		if (note) {
			note->crypto = true;
		}
		chan_tls_setup.stream = stream;
		chan_tls_setup.client = (cparam->inputs.method & 1) != 0 /* the client methods are odd */;
	} else if (cparam->op == STREAM_XPORT_CRYPTO_OP_ENABLE && cparam->inputs.activate && sock &&
	           sock->socket != SOCK_ERR && sock->is_blocked && chan_hook_active(CHAN_HOOK_STREAM)) {
		return chan_hook_handshake(stream, option, value, cparam);
	}
	return chan_orig_set_option(stream, option, value, cparam);
}

static void chan_tls_forget(const php_stream *stream)
{
	if (chan_stream_notes) {
		zend_hash_index_del(chan_stream_notes, (zend_ulong) (uintptr_t) stream);
	}
	if (chan_tls_setup.stream == stream) {
		chan_tls_setup.stream = NULL;
	}
}

static int chan_hook_set_option(php_stream *stream, int option, int value, void *ptrparam)
{
	if (option == PHP_STREAM_OPTION_XPORT_API) {
		php_stream_xport_param *xparam = (php_stream_xport_param *) ptrparam;
		if (xparam->op == STREAM_XPORT_OP_ACCEPT) {
			return chan_hook_accept(stream, option, value, xparam);
		}
		if ((xparam->op == STREAM_XPORT_OP_RECV || xparam->op == STREAM_XPORT_OP_SEND) && stream->abstract &&
		    ((php_netstream_data_t *) stream->abstract)->socket != SOCK_ERR &&
		    ((php_netstream_data_t *) stream->abstract)->is_blocked && chan_hook_active(CHAN_HOOK_STREAM)) {
			return chan_hook_transfer(stream, option, value, xparam,
			                          xparam->op == STREAM_XPORT_OP_RECV ? CHAN_HOOK_READ : CHAN_HOOK_WRITE);
		}
		if (xparam->op == STREAM_XPORT_OP_CONNECT && stream->abstract &&
		    ((php_netstream_data_t *) stream->abstract)->is_blocked && chan_hook_active(CHAN_HOOK_STREAM)) {
			chan_tls_connect tls = {stream, 0, false};
			int r = -2;
			if (chan_hook_literal(stream, xparam->inputs.name, xparam->inputs.namelen)) {
				r = chan_hook_connect(stream, option, value, xparam, &tls);
			}
#ifdef CHAN_HAVE_HOOK_DNS
			char host[256];
			int port;
			if (r == -2 && chan_hook_active(CHAN_HOOK_DNS) &&
			    chan_hook_named(stream, xparam->inputs.name, xparam->inputs.namelen, host, sizeof(host), &port)) {
				r = chan_hook_connect_named(stream, option, value, xparam, &tls, host, port);
			}
#endif
			if (r != -2) {
				chan_hook_tls_begin(stream, &tls, r, xparam);
				return r;
			}
		}
	} else if (option == PHP_STREAM_OPTION_CRYPTO_API) {
		return chan_hook_crypto(stream, option, value, (php_stream_xport_crypto_param *) ptrparam);
	}
	return chan_orig_set_option(stream, option, value, ptrparam);
}

/* --- close -------------------------------------------------------------- */

/* The contexts parked on the stream leave PHP's stream code before PHP
 * frees it (chan_hook_evict()). */
static int chan_hook_close(php_stream *stream, int close_handle)
{
	php_netstream_data_t *sock = (php_netstream_data_t *) stream->abstract;
	chan_wake stop = chan_hook_evict(stream, sock && sock->socket != SOCK_ERR ? (int) sock->socket : -1, "stream");
	chan_tls_forget(stream);
	stream->ops = chan_hook_orig(stream);
	int r = stream->ops->close(stream, close_handle);
	chan_hook_evicted(stop);
	return r;
}

/* --- where streams come from ------------------------------------------- */

/* protocol => PHP's factory, for the transports registered again. */
static HashTable chan_hook_factories;

static php_stream *chan_hook_factory(const char *proto, size_t protolen, const char *resourcename,
                                     size_t resourcenamelen, const char *persistent_id, int options, int flags,
                                     struct timeval *timeout, php_stream_context *context STREAMS_DC)
{
	php_stream_transport_factory orig = zend_hash_str_find_ptr(&chan_hook_factories, proto, protolen);
	if (!orig) {
		return NULL;
	}
	php_stream *stream = orig(proto, protolen, resourcename, resourcenamelen, persistent_id, options, flags, timeout,
	                          context STREAMS_REL_CC);
	bool plain = (protolen == 3 &&
	              (!strncasecmp(proto, "tcp", 3) || !strncasecmp(proto, "udp", 3) || !strncasecmp(proto, "udg", 3))) ||
	             (protolen == 4 && !strncasecmp(proto, "unix", 4));
	chan_hook_stream(stream, plain);
	if (stream && chan_hook_is_ours(stream->ops) && chan_hook_is_tls(stream)) {
		/* ssl://, tls://, tlsv1.x:// begin TLS inside PHP's connect, whose
		 * own setup does not pass through our ops when it is PHP's connect
		 * that runs (no context could run meanwhile); ext/openssl's tcp://
		 * begins it only on stream_socket_enable_crypto() */
		chan_stream_note_add(stream, timeout, !(protolen == 3 && !strncasecmp(proto, "tcp", 3)));
	}
	return stream;
}

void chan_hook_stream_adopt(php_stream *stream)
{
	chan_hook_stream(stream, true);
}

/* stream_socket_pair(): both ends hooked. */
static zif_handler chan_stream_socket_pair_prev;
static ZEND_NAMED_FUNCTION(chan_hook_stream_socket_pair)
{
	chan_stream_socket_pair_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	if (Z_TYPE_P(return_value) == IS_ARRAY) {
		zval *zv;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(return_value), zv)
		{
			php_stream *s;
			if (Z_TYPE_P(zv) == IS_RESOURCE &&
			    (s = zend_fetch_resource2(Z_RES_P(zv), NULL, php_file_le_stream(), php_file_le_pstream()))) {
				chan_hook_stream(s, true);
			}
		}
		ZEND_HASH_FOREACH_END();
	}
}

static const chan_wrapped_function chan_hook_stream_functions[] = {
    {"stream_socket_pair", chan_hook_stream_socket_pair, &chan_stream_socket_pair_prev},
    {"stream_socket_accept", chan_hook_stream_socket_accept, &chan_stream_socket_accept_prev},
};

void chan_hook_stream_minit(void)
{
#ifdef ZTS
	chan_hook_kinds_lock = tsrm_mutex_alloc();
#endif
	zend_hash_init(&chan_hook_factories, 16, NULL, NULL, 1);
	HashTable *xports = php_stream_xport_get_hash();
	zend_string *name;
	void *factory;
	ZEND_HASH_FOREACH_STR_KEY_PTR(xports, name, factory)
	{
		if (name && factory && factory != (void *) chan_hook_factory) {
			zend_hash_add_ptr(&chan_hook_factories, name, factory);
		}
	}
	ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_STR_KEY(&chan_hook_factories, name)
	{
		php_stream_xport_register(ZSTR_VAL(name), chan_hook_factory);
	}
	ZEND_HASH_FOREACH_END();
	chan_wrap_functions(chan_hook_stream_functions,
	                    sizeof(chan_hook_stream_functions) / sizeof(chan_hook_stream_functions[0]));
}

void chan_hook_stream_rshutdown(void)
{
	if (chan_stream_notes) {
		zend_hash_destroy(chan_stream_notes);
		FREE_HASHTABLE(chan_stream_notes);
		chan_stream_notes = NULL;
	}
	chan_tls_setup.stream = NULL;
	chan_tls_connecting = NULL; /* a fatal error inside PHP's connect jumped past its reset */
}

void chan_hook_stream_mshutdown(void)
{
	chan_unwrap_functions(chan_hook_stream_functions,
	                      sizeof(chan_hook_stream_functions) / sizeof(chan_hook_stream_functions[0]));
	zend_string *name;
	void *factory;
	HashTable *xports = php_stream_xport_get_hash();
	ZEND_HASH_FOREACH_STR_KEY_PTR(&chan_hook_factories, name, factory)
	{
		if (zend_hash_find_ptr(xports, name) == (void *) chan_hook_factory) {
			php_stream_xport_register(ZSTR_VAL(name), (php_stream_transport_factory) factory);
		}
	}
	ZEND_HASH_FOREACH_END();
	zend_hash_destroy(&chan_hook_factories);
#ifdef ZTS
	tsrm_mutex_free(chan_hook_kinds_lock);
#endif
}
