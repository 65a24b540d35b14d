/*
 * chan_io.c - coroutine I/O for PHP: Chan\Coroutine::waitReadable() and
 * waitWritable() on any stream, ext-sockets Socket or mysqli connection
 * with a descriptor.
 *
 * A wait parks the caller on the event loop (chan_loop.c) by descriptor.
 * Nothing of the stream is kept while parked: the caller's argument keeps
 * it alive, and closing it is seen through fclose(), pclose() and
 * socket_close(), whose handlers chan wraps: before the descriptor goes,
 * every context waiting on it wakes with Chan\ClosedException.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_io.h"
#include "zend_exceptions.h"
#include <errno.h>
#include "php_network.h"
#include "php_streams.h"
#include "php_memory_streams.h"
#include "zend_smart_str.h"
#include "ext/standard/file.h"
#include "ext/standard/streamsfuncs.h"

#include "chan_sockets.h"

/* mysqli's and mysqlnd's headers, for the layout of a mysqli object down to
 * its connection's stream; chan links against neither: a mysqli object is
 * recognised by its class at run time, and chan loads without mysqli. */
#if defined(__has_include)
#if __has_include("ext/mysqli/php_mysqli_structs.h") && __has_include("ext/mysqlnd/mysqlnd.h")
#include "ext/mysqli/php_mysqli_structs.h"
#define CHAN_HAVE_MYSQLI 1
#endif
#endif

/* --- the verb: park on a descriptor (chan_io.h) -------------------------- */

static bool io_wait(int fd, unsigned events, zend_ulong key, double timeout, chan_wake *why)
{
	chan_waiter w = {.coro = chan_current()};
	int err = chan_loop_watch(fd, events, key, &w);
	if (err == EPERM) {
		/* A regular file (epoll refuses them): always ready, as poll()
		 * says; reading it blocks the process anyway. */
		*why = chan_yield_wait();
		return true;
	}
	if (err) {
		if (err > 0) {
			zend_throw_error(chan_ce_error, "Cannot wait on descriptor %d: %s", fd, strerror(err));
		}
		return false;
	}
	*why = chan_wait(&w, 1, timeout);
	chan_loop_unwatch(fd, key, *why);
	return true;
}

bool chan_io_wait(int fd, unsigned events, double timeout, chan_wake *why)
{
	return io_wait(fd, events, 0, timeout, why);
}

bool chan_io_wait_edge(int fd, unsigned events, zend_ulong key, double timeout, chan_wake *why)
{
	return io_wait(fd, events, key, timeout, why);
}

/* --- Coroutine::waitReadable(), waitWritable() ----------------------------- */

static int chan_stream_fd(php_stream *stream, uint32_t arg, bool *buffered);

#ifdef CHAN_HAVE_MYSQLI
/* The descriptor of a mysqli connection (its mysqlnd stream), -2 when obj
 * is no mysqli, -1 with ValueError thrown when it is not connected. */
static int chan_mysqli_fd(zend_object *obj, uint32_t arg, bool *buffered)
{
	if (obj->ce->type != ZEND_INTERNAL_CLASS || !zend_string_equals_literal_ci(obj->ce->name, "mysqli")) {
		return -2;
	}
	const mysqli_object *mo = (const mysqli_object *) ((char *) obj - offsetof(mysqli_object, zo));
	const MYSQLI_RESOURCE *r = (const MYSQLI_RESOURCE *) mo->ptr;
	const MY_MYSQL *my = r && r->status >= MYSQLI_STATUS_VALID ? (const MY_MYSQL *) r->ptr : NULL;
	MYSQLND *conn = my ? my->mysql : NULL;
	php_stream *stream =
	    conn && conn->data && conn->data->vio ? conn->data->vio->data->m.get_stream(conn->data->vio) : NULL;
	if (!stream) {
		zend_argument_value_error(arg, "must be a connected mysqli");
		return -1;
	}
	return chan_stream_fd(stream, arg, buffered);
}
#endif

#ifdef CHAN_HAVE_SOCKETS
/* The descriptor of an ext-sockets Socket, recognised by its class (the
 * layout comes from the header: chan does not link against ext/sockets),
 * or -2 when obj is no Socket. */
static int chan_socket_fd(zend_object *obj)
{
	const php_socket *sock = chan_socket_of(obj);
	return sock ? (int) sock->bsd_socket : -2;
}
#endif

/* A stream's descriptor, and whether PHP's read buffer holds data from it;
 * -1 with ValueError thrown when it has none. */
static int chan_stream_fd(php_stream *stream, uint32_t arg, bool *buffered)
{
	php_socket_t fd = -1;
	/* php://memory has no descriptor; php://temp would get one by being
	 * copied to a temporary file, which nobody asked for. */
	if (php_stream_is(stream, PHP_STREAM_IS_MEMORY) || php_stream_is(stream, PHP_STREAM_IS_TEMP) ||
	    php_stream_cast(stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL, (void **) &fd, 0) != SUCCESS ||
	    fd < 0) {
		zend_argument_value_error(arg, "must be a stream with a file descriptor");
		return -1;
	}
	*buffered = stream->writepos > stream->readpos;
	return (int) fd;
}

/* The descriptor behind the $stream argument (argument `arg`), and whether
 * PHP's read buffer already holds data from it. -1 with TypeError or
 * ValueError thrown. */
static int chan_io_fd(zval *zv, uint32_t arg, bool *buffered)
{
	*buffered = false;
	if (Z_TYPE_P(zv) == IS_RESOURCE) {
		zend_resource *res = Z_RES_P(zv);
		if (res->type != php_file_le_stream() && res->type != php_file_le_pstream()) {
			const char *kind = zend_rsrc_list_get_rsrc_type(res);
			zend_argument_type_error(arg, "must be an open stream or a Socket, %s resource given",
			                         kind ? kind : "closed");
			return -1;
		}
		return chan_stream_fd((php_stream *) res->ptr, arg, buffered);
	}
#ifdef CHAN_HAVE_MYSQLI
	if (Z_TYPE_P(zv) == IS_OBJECT) {
		int fd = chan_mysqli_fd(Z_OBJ_P(zv), arg, buffered);
		if (fd != -2) {
			return fd;
		}
	}
#endif
#ifdef CHAN_HAVE_SOCKETS
	if (Z_TYPE_P(zv) == IS_OBJECT) {
		int fd = chan_socket_fd(Z_OBJ_P(zv));
		if (fd >= 0) {
			return fd;
		}
		if (fd == -1) {
			zend_argument_value_error(arg, "must be an open Socket, closed Socket given");
			return -1;
		}
	}
#endif
	zend_argument_type_error(arg, "must be a stream resource or a Socket, %s given", zend_zval_type_name(zv));
	return -1;
}

static void chan_io_wait_method(INTERNAL_FUNCTION_PARAMETERS, unsigned events, const char *name)
{
	zval *zstream;
	double seconds = 0;
	bool is_null = true;

	ZEND_PARSE_PARAMETERS_START(1, 2)
	Z_PARAM_ZVAL(zstream)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	double timeout;
	if (!chan_timeout_arg(2, seconds, is_null, &timeout) || !chan_checkpoint()) {
		RETURN_THROWS();
	}
	bool buffered;
	int fd = chan_io_fd(zstream, 1, &buffered);
	if (fd < 0) {
		RETURN_THROWS();
	}
	bool ready = buffered && (events & CHAN_POLL_IN);
	chan_wake why;
	if (timeout == 0) {
		if (ready || chan_io_ready(fd, events)) {
			return;
		}
		why = CHAN_WAKE_TIMEOUT;
	} else if (!chan_can_block()) {
		RETURN_THROWS();
	} else if (ready) {
		why = chan_yield_wait(); /* a switch point even when ready */
	} else if (!chan_io_wait(fd, events, timeout, &why)) {
		RETURN_THROWS();
	}
	switch (why) {
		case CHAN_WAKE_OK:
			return;
		case CHAN_WAKE_TIMEOUT:
			zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\Coroutine::%s() timed out", name);
			return;
		case CHAN_WAKE_CLOSED:
			zend_throw_exception_ex(chan_ce_closed_exception, 0, "The stream was closed while %s() waited on it", name);
			return;
		default:
			chan_raise(why);
	}
}

ZEND_METHOD(Chan_Coroutine, waitReadable)
{
	chan_io_wait_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, CHAN_POLL_IN, "waitReadable");
}

ZEND_METHOD(Chan_Coroutine, waitWritable)
{
	chan_io_wait_method(INTERNAL_FUNCTION_PARAM_PASSTHRU, CHAN_POLL_OUT, "waitWritable");
}

/* --- helpers: PHP's stream functions that park instead of blocking --- */

/* A deadline for a chain of waits: each wait gets what is left. */
typedef struct chan_deadline {
	double timeout; /* < 0: none */
	double start;
} chan_deadline;

static double chan_io_now(void)
{
	return (double) chan_now_ns() / 1e9;
}

static chan_deadline chan_deadline_of(double timeout)
{
	chan_deadline d = {timeout, timeout > 0 ? chan_io_now() : 0};
	return d;
}

/* The rounds of one helper call: whether it may park on edge interest (it
 * parks only right after its I/O failed with EAGAIN), and what the last
 * rounds saw, for chan_io_stuck(). */
typedef struct chan_io_rounds {
	bool edge;
	bool woke;  /* the last park ended with fd ready */
	bool level; /* fd was ready without progress: park on one-shot interest */
	unsigned stuck;
} chan_io_rounds;

static zend_always_inline void chan_io_progress(chan_io_rounds *r)
{
	r->woke = false;
	r->stuck = 0;
}

/* Parks until fd is ready for events, within what is left of d. false with
 * Chan\TimeoutException (naming fn), Chan\ClosedException or the reason's
 * exception thrown. res, when given, is the resource of the stream the
 * caller goes on using: it may have been closed after the wake-up and
 * before this coroutine ran again (res->ptr is then no longer the stream;
 * the resource itself lives on in the caller's argument). */
static bool chan_io_park(int fd, unsigned events, const chan_deadline *d, const char *fn, const zend_resource *res,
                         const php_stream *stream, chan_io_rounds *r)
{
	double left = d->timeout;
	if (left > 0) {
		left -= chan_io_now() - d->start;
		if (left <= 0) {
			left = 0;
		}
	}
	chan_wake why;
	if (left == 0) {
		why = chan_io_ready(fd, events) ? CHAN_WAKE_OK : CHAN_WAKE_TIMEOUT;
	} else if (!chan_can_block() ||
	           !chan_io_wait_edge(fd, events, r->edge && !r->level ? (zend_ulong) res->handle : 0, left, &why)) {
		return false;
	}
	r->woke = why == CHAN_WAKE_OK;
	if (why == CHAN_WAKE_OK && res && res->ptr != stream) {
		why = CHAN_WAKE_CLOSED;
	}
	switch (why) {
		case CHAN_WAKE_OK:
			return true;
		case CHAN_WAKE_TIMEOUT:
			zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\%s() timed out", fn);
			return false;
		case CHAN_WAKE_CLOSED:
			zend_throw_exception_ex(chan_ce_closed_exception, 0, "The stream was closed while Chan\\%s() waited on it",
			                        fn);
			return false;
		default:
			chan_raise(why);
			return false;
	}
}

/* Before a read parks, and when Chan\fgets() returns the last buffered
 * line: an empty read buffer (chunk_size bytes, 8 KiB by default) is given
 * back, and the stream layer allocates it again on its next fill. An idle
 * keep-alive connection then costs half of what it did
 * (benchmarks/idle_memory.php), and a connection whose request is being
 * handled holds no buffer either. The fields are those of php_streams.h. */
static void chan_io_drop_readbuf(php_stream *stream)
{
	if (stream->readbuf && stream->readpos == stream->writepos) {
		pefree(stream->readbuf, stream->is_persistent);
		stream->readbuf = NULL;
		stream->readbuflen = 0;
		stream->readpos = stream->writepos = 0;
	}
}

/* The stream of argument `arg` and its descriptor, the stream switched to
 * non-blocking mode (it stays so). NULL with an exception thrown. */
static php_stream *chan_io_stream(zval *zv, uint32_t arg, int *fd)
{
	bool buffered;
	if (Z_TYPE_P(zv) != IS_RESOURCE) {
		zend_argument_type_error(arg, "must be a stream resource, %s given", zend_zval_type_name(zv));
		return NULL;
	}
	*fd = chan_io_fd(zv, arg, &buffered);
	if (*fd < 0) {
		return NULL;
	}
	php_stream *stream = (php_stream *) Z_RES_P(zv)->ptr;
	/* Sockets (plain and TLS: php_netstream_data_t comes first) say whether
	 * they block; anything else is switched every time. */
	const char *label = stream->ops->label;
	bool socket = label && (!strncmp(label, "tcp_socket", 10) || !strncmp(label, "unix_socket", 11) ||
	                        !strncmp(label, "udp_socket", 10) || !strncmp(label, "udg_socket", 10));
	if (!socket || ((php_netstream_data_t *) stream->abstract)->is_blocked) {
		php_stream_set_option(stream, PHP_STREAM_OPTION_BLOCKING, 0, NULL);
	}
	return stream;
}

/* An operation made no progress although fd was said to be ready, and is
 * ready still, three rounds in a row: it would make none after any wait
 * either (an error the stream layer did not report, a socket used the
 * wrong way), so the helper fails instead of spinning. One round is not
 * enough: data may arrive, or another coroutine may take it, between the
 * attempt and the look. Looking costs a system call, so it is done only
 * after a wake-up, not after the EAGAIN of a first attempt; and a
 * descriptor seen ready is waited on with one-shot interest next, which
 * reports readiness that already exists (edge interest would not). */
static bool chan_io_stuck(int fd, unsigned events, chan_io_rounds *r)
{
	r->level = false;
	if (!r->woke || !chan_io_ready(fd, events)) {
		r->stuck = 0;
		return false;
	}
	r->level = true;
	return ++r->stuck >= 3;
}

/* The most one Chan\fread() returns beyond what PHP's buffer holds: more
 * than a socket's or a pipe's buffer ever has ready at once. */
#define CHAN_READ_MAX ((size_t) 8 << 20)

#define CHAN_IO_TIMEOUT_ARG(n, seconds, is_null, out)                                                                  \
	do {                                                                                                               \
		if (!chan_timeout_arg((n), (seconds), (is_null), &(out)) || !chan_checkpoint()) {                              \
			RETURN_THROWS();                                                                                           \
		}                                                                                                              \
	} while (0)

PHP_FUNCTION(Chan_fread)
{
	zval *zstream;
	zend_long length;
	double seconds = 0, timeout;
	bool is_null = true;
	int fd;

	ZEND_PARSE_PARAMETERS_START(2, 3)
	Z_PARAM_ZVAL(zstream)
	Z_PARAM_LONG(length)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(3, seconds, is_null, timeout);
	if (length <= 0) {
		zend_argument_value_error(2, "must be greater than 0");
		RETURN_THROWS();
	}
	php_stream *stream = chan_io_stream(zstream, 1, &fd);
	if (!stream) {
		RETURN_THROWS();
	}
	chan_deadline d = chan_deadline_of(timeout);
	chan_io_rounds r = {.edge = true};
	for (;;) {
		/* The buffer is not held while parked: 10,000 coroutines waiting in
		 * fread($c, 65536) would hold 640 MB. Nor is it larger than what
		 * one call returns ("up to $length"): what PHP's buffer holds and
		 * CHAN_READ_MAX more, so that fread($c, PHP_INT_MAX) allocates no
		 * more than that (PHPs with delayed out-of-memory errors end the
		 * process outright for an allocation of twice memory_limit). */
		size_t want = (size_t) (stream->writepos - stream->readpos) + CHAN_READ_MAX;
		want = (size_t) length < want ? (size_t) length : want;
		zend_string *buf = zend_string_alloc(want, 0);
		ssize_t n = php_stream_read(stream, ZSTR_VAL(buf), want);
		if (n > 0) {
			if ((size_t) n < want / 2) {
				buf = zend_string_truncate(buf, (size_t) n, 0); /* as fread() does */
			}
			ZSTR_LEN(buf) = (size_t) n;
			ZSTR_VAL(buf)[n] = '\0';
			RETURN_NEW_STR(buf);
		}
		zend_string_efree(buf);
		if (n < 0) {
			RETURN_FALSE;
		}
		if (stream->eof) {
			RETURN_EMPTY_STRING();
		}
		if (chan_io_stuck(fd, CHAN_POLL_IN, &r)) {
			RETURN_FALSE;
		}
		chan_io_drop_readbuf(stream);
		if (!chan_io_park(fd, CHAN_POLL_IN, &d, "fread", Z_RES_P(zstream), stream, &r)) {
			RETURN_THROWS();
		}
	}
}

PHP_FUNCTION(Chan_fgets)
{
	zval *zstream;
	zend_long length = 0;
	bool length_null = true, is_null = true;
	double seconds = 0, timeout;
	int fd;

	ZEND_PARSE_PARAMETERS_START(1, 3)
	Z_PARAM_ZVAL(zstream)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG_OR_NULL(length, length_null)
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(3, seconds, is_null, timeout);
	if (!length_null && length <= 0) {
		zend_argument_value_error(2, "must be greater than 0");
		RETURN_THROWS();
	}
	php_stream *stream = chan_io_stream(zstream, 1, &fd);
	if (!stream) {
		RETURN_THROWS();
	}
	/* As fgets(): at most $length - 1 bytes, the line ending included. */
	size_t max = length_null ? 0 : (size_t) length - 1;
	chan_deadline d = chan_deadline_of(timeout);
	chan_io_rounds r = {.edge = true};
	for (;;) {
		size_t avail = (size_t) (stream->writepos - stream->readpos);
		const char *head = (const char *) stream->readbuf + stream->readpos;
		if ((avail && memchr(head, '\n', max && avail > max ? max : avail)) || (max && avail >= max) || stream->eof) {
			size_t len;
			char *line = php_stream_get_line(stream, NULL, max ? max + 1 : 0, &len);
			if (!line) {
				RETURN_FALSE;
			}
			RETVAL_STRINGL(line, len);
			efree(line);
			chan_io_drop_readbuf(stream); /* the last line of a request: not held while it is handled */
			return;
		}
		if (php_stream_fill_read_buffer(stream, avail + stream->chunk_size) == FAILURE) {
			RETURN_FALSE;
		}
		if ((size_t) (stream->writepos - stream->readpos) != avail) {
			chan_io_progress(&r);
		} else if (!stream->eof) {
			if (chan_io_stuck(fd, CHAN_POLL_IN, &r)) {
				RETURN_FALSE;
			}
			chan_io_drop_readbuf(stream);
			if (!chan_io_park(fd, CHAN_POLL_IN, &d, "fgets", Z_RES_P(zstream), stream, &r)) {
				RETURN_THROWS();
			}
		}
	}
}

PHP_FUNCTION(Chan_fwrite)
{
	zval *zstream;
	zend_string *data;
	double seconds = 0, timeout;
	bool is_null = true;
	int fd;

	ZEND_PARSE_PARAMETERS_START(2, 3)
	Z_PARAM_ZVAL(zstream)
	Z_PARAM_STR(data)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(3, seconds, is_null, timeout);
	php_stream *stream = chan_io_stream(zstream, 1, &fd);
	if (!stream) {
		RETURN_THROWS();
	}
	chan_deadline d = chan_deadline_of(timeout);
	chan_io_rounds r = {.edge = true};
	size_t done = 0;
	while (done < ZSTR_LEN(data)) {
		ssize_t n = php_stream_write(stream, ZSTR_VAL(data) + done, ZSTR_LEN(data) - done);
		if (n < 0) {
			RETURN_FALSE;
		}
		done += (size_t) n;
		if (done == ZSTR_LEN(data)) {
			break;
		}
		if (n > 0) {
			chan_io_progress(&r);
		} else if (chan_io_stuck(fd, CHAN_POLL_OUT, &r)) {
			RETURN_FALSE;
		}
		if (!chan_io_park(fd, CHAN_POLL_OUT, &d, "fwrite", Z_RES_P(zstream), stream, &r)) {
			RETURN_THROWS();
		}
	}
	RETURN_LONG((zend_long) done);
}

PHP_FUNCTION(Chan_stream_socket_accept)
{
	zval *zserver, *zpeer = NULL;
	double seconds = 0, timeout;
	bool is_null = true, buffered;

	ZEND_PARSE_PARAMETERS_START(1, 3)
	Z_PARAM_ZVAL(zserver)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	Z_PARAM_ZVAL(zpeer)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(2, seconds, is_null, timeout);
	if (Z_TYPE_P(zserver) != IS_RESOURCE) {
		zend_argument_type_error(1, "must be a stream resource, %s given", zend_zval_type_name(zserver));
		RETURN_THROWS();
	}
	int fd = chan_io_fd(zserver, 1, &buffered);
	if (fd < 0) {
		RETURN_THROWS();
	}
	php_stream *server = (php_stream *) Z_RES_P(zserver)->ptr;
	chan_deadline d = chan_deadline_of(timeout);
	chan_io_rounds r = {.edge = false}; /* it parks before it tries */
	for (;;) {
		if (!chan_io_park(fd, CHAN_POLL_IN, &d, "stream_socket_accept", Z_RES_P(zserver), server, &r)) {
			RETURN_THROWS();
		}
		php_stream *client = NULL;
		zend_string *peer = NULL, *err = NULL;
		struct timeval now = {0, 0};
		if (php_stream_xport_accept(server, &client, zpeer ? &peer : NULL, NULL, NULL, &now, &err) == 0 && client) {
			if (err) {
				zend_string_release(err); /* PHP sets it even on success ("Success") */
			}
			if (zpeer && peer) {
				ZEND_TRY_ASSIGN_REF_STR(zpeer, peer);
			} else if (peer) {
				zend_string_release(peer);
			}
			php_stream_to_zval(client, return_value);
			return;
		}
		/* Another coroutine took the connection, or it went: the socket is
		 * no longer readable, wait again. Readable round after round while
		 * accept() fails: an error (not a listening socket...), reported as
		 * PHP's own accept does. */
		if (chan_io_stuck(fd, CHAN_POLL_IN, &r)) {
			php_error_docref(NULL, E_WARNING, "Accept failed: %s", err ? ZSTR_VAL(err) : "Unknown error");
			if (err) {
				zend_string_release(err);
			}
			RETURN_FALSE;
		}
		if (err) {
			zend_string_release(err);
		}
	}
}

/* Enables or disables TLS on a connected stream, parking while the
 * handshake waits on the peer. 1 done, -1 failed (warned), 0 thrown. */
static int chan_crypto(php_stream *stream, int fd, bool enable, zend_long method, bool setup, php_stream *session,
                       const chan_deadline *d)
{
	const zend_resource *res = stream->res; /* read before any park */
	if (enable && setup &&
	    php_stream_xport_crypto_setup(stream, (php_stream_xport_crypt_method_t) method, session) < 0) {
		php_error_docref(NULL, E_WARNING, "Failed to enable crypto");
		return -1;
	}
	chan_io_rounds rounds = {.edge = false};
	for (;;) {
		int r = php_stream_xport_crypto_enable(stream, enable);
		if (r != 0) {
			return r > 0 ? 1 : -1;
		}
		/* The handshake waits for the peer's next record. */
		if (!chan_io_park(fd, CHAN_POLL_IN, d, "stream_socket_enable_crypto", res, stream, &rounds)) {
			return 0;
		}
	}
}

PHP_FUNCTION(Chan_stream_socket_enable_crypto)
{
	zval *zstream, *zsession = NULL;
	bool enable, method_null = true, is_null = true;
	zend_long method = 0;
	double seconds = 0, timeout;
	int fd;

	ZEND_PARSE_PARAMETERS_START(2, 5)
	Z_PARAM_ZVAL(zstream)
	Z_PARAM_BOOL(enable)
	Z_PARAM_OPTIONAL
	Z_PARAM_LONG_OR_NULL(method, method_null)
	Z_PARAM_RESOURCE_OR_NULL(zsession)
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(5, seconds, is_null, timeout);
	php_stream *stream = chan_io_stream(zstream, 1, &fd);
	if (!stream) {
		RETURN_THROWS();
	}
	php_stream *session = NULL;
	if (zsession) {
		zend_resource *res = Z_RES_P(zsession);
		if (res->type != php_file_le_stream() && res->type != php_file_le_pstream()) {
			zend_argument_type_error(4, "must be an open stream resource or null");
			RETURN_THROWS();
		}
		session = (php_stream *) res->ptr;
	}
	if (enable && method_null) {
		php_stream_context *ctx = PHP_STREAM_CONTEXT(stream);
		zval *val = ctx ? php_stream_context_get_option(ctx, "ssl", "crypto_method") : NULL;
		if (!val) {
			zend_argument_value_error(3, "must be given when the stream's context has no ssl crypto_method");
			RETURN_THROWS();
		}
		method = zval_get_long(val);
	}
	chan_deadline d = chan_deadline_of(timeout);
	int r = chan_crypto(stream, fd, enable, method, true, session, &d);
	if (r == 0) {
		RETURN_THROWS();
	}
	RETURN_BOOL(r > 0);
}

PHP_FUNCTION(Chan_stream_socket_client)
{
	zend_string *address;
	zval *zerrno = NULL, *zerrstr = NULL, *zcontext = NULL;
	double seconds = 0, timeout;
	bool is_null = true;
	zend_long flags = PHP_STREAM_CLIENT_CONNECT;

	ZEND_PARSE_PARAMETERS_START(1, 6)
	Z_PARAM_STR(address)
	Z_PARAM_OPTIONAL
	Z_PARAM_ZVAL(zerrno)
	Z_PARAM_ZVAL(zerrstr)
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	Z_PARAM_LONG(flags)
	Z_PARAM_RESOURCE_OR_NULL(zcontext)
	ZEND_PARSE_PARAMETERS_END();

	CHAN_IO_TIMEOUT_ARG(4, seconds, is_null, timeout);
	if (flags & PHP_STREAM_CLIENT_PERSISTENT) {
		zend_argument_value_error(5, "cannot have STREAM_CLIENT_PERSISTENT: a persistent connection is shared");
		RETURN_THROWS();
	}
	if (zcontext && Z_RES_P(zcontext)->type != php_le_stream_context()) {
		zend_argument_type_error(6, "must be a stream context resource or null");
		RETURN_THROWS();
	}
	php_stream_context *context = php_stream_context_from_zval(zcontext, flags & PHP_FILE_NO_DEFAULT_CONTEXT);
	if (zerrno) {
		ZEND_TRY_ASSIGN_REF_LONG(zerrno, 0);
	}
	if (zerrstr) {
		ZEND_TRY_ASSIGN_REF_EMPTY_STRING(zerrstr);
	}
	/* ssl:// and tls:// connect as tcp://, then shake hands without
	 * blocking. */
	zend_long method = 0;
	const char *addr = ZSTR_VAL(address);
	smart_str tcp = {0};
	if (!strncasecmp(addr, "ssl://", 6) || !strncasecmp(addr, "tls://", 6)) {
		method =
		    tolower((unsigned char) addr[0]) == 's' ? STREAM_CRYPTO_METHOD_ANY_CLIENT : STREAM_CRYPTO_METHOD_TLS_CLIENT;
		smart_str_appends(&tcp, "tcp://");
		smart_str_appendl(&tcp, addr + 6, ZSTR_LEN(address) - 6);
		smart_str_0(&tcp);
		addr = ZSTR_VAL(tcp.s);
	}
	zend_string *errstr = NULL;
	int err = 0;
	struct timeval tv = {0, 0};
	php_stream *stream = php_stream_xport_create(
	    addr, strlen(addr), REPORT_ERRORS, STREAM_XPORT_CLIENT | STREAM_XPORT_CONNECT | STREAM_XPORT_CONNECT_ASYNC,
	    NULL, &tv, context, &errstr, &err);
	smart_str_free(&tcp);
	if (stream) {
		/* What the asynchronous connect said (EINPROGRESS) is not the
		 * outcome: SO_ERROR is, once the socket is writable. */
		if (errstr) {
			zend_string_release(errstr);
			errstr = NULL;
		}
		err = 0;
		bool buffered;
		zval zs;
		php_stream_to_zval(stream, &zs);
		int fd = chan_io_fd(&zs, 1, &buffered);
		chan_deadline d = chan_deadline_of(timeout);
		int soerr = 0;
		socklen_t len = sizeof(soerr);
		chan_io_rounds rounds = {.edge = false};
		if (fd < 0 || !chan_io_park(fd, CHAN_POLL_OUT, &d, "stream_socket_client", NULL, NULL, &rounds)) {
			zval_ptr_dtor(&zs);
			RETURN_THROWS();
		}
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, (char *) &soerr, &len) != 0) {
			soerr = php_socket_errno();
		}
		php_stream_set_option(stream, PHP_STREAM_OPTION_BLOCKING, 0, NULL);
		if (soerr == 0 && method) {
			int r = chan_crypto(stream, fd, true, method, true, NULL, &d);
			if (r == 0) {
				zval_ptr_dtor(&zs);
				RETURN_THROWS();
			}
			if (r < 0) {
				errstr = zend_string_init("Cannot enable crypto", sizeof("Cannot enable crypto") - 1, 0);
				err = -1;
			}
		}
		if (soerr == 0 && err == 0) {
			RETURN_COPY_VALUE(&zs);
		}
		zval_ptr_dtor(&zs);
		if (soerr) {
			err = soerr;
			errstr = php_socket_error_str(soerr);
		}
	}
	php_error_docref(NULL, E_WARNING, "Unable to connect to %s (%s)", ZSTR_VAL(address),
	                 errstr ? ZSTR_VAL(errstr) : "Unknown error");
	if (zerrno) {
		ZEND_TRY_ASSIGN_REF_LONG(zerrno, err);
	}
	if (zerrstr && errstr) {
		ZEND_TRY_ASSIGN_REF_STR(zerrstr, errstr);
	} else if (errstr) {
		zend_string_release(errstr);
	}
	RETURN_FALSE;
}

/* --- closing ---------------------------------------------------------- */

/* Before a wrapped closer runs: wakes whoever waits on the descriptor of
 * its first argument. */
static void chan_close_arg(zend_execute_data *execute_data)
{
	if (!chan_loop_busy || ZEND_CALL_NUM_ARGS(execute_data) < 1) {
		return;
	}
	zval *arg = ZEND_CALL_ARG(execute_data, 1);
	ZVAL_DEREF(arg);
	int fd = -1;
	if (Z_TYPE_P(arg) == IS_RESOURCE &&
	    (Z_RES_P(arg)->type == php_file_le_stream() || Z_RES_P(arg)->type == php_file_le_pstream())) {
		php_socket_t sfd;
		if (php_stream_cast((php_stream *) Z_RES_P(arg)->ptr, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL,
		                    (void **) &sfd, 0) == SUCCESS) {
			fd = (int) sfd;
		}
	}
#ifdef CHAN_HAVE_SOCKETS
	else if (Z_TYPE_P(arg) == IS_OBJECT) {
		fd = chan_socket_fd(Z_OBJ_P(arg));
	}
#endif
	if (fd >= 0) {
		chan_loop_closed(fd);
	}
}

#define CHAN_CLOSER(fn)                                                                                                \
	static zif_handler chan_##fn##_prev;                                                                               \
	static ZEND_NAMED_FUNCTION(chan_##fn)                                                                              \
	{                                                                                                                  \
		chan_close_arg(execute_data);                                                                                  \
		chan_##fn##_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);                                                            \
	}

CHAN_CLOSER(fclose)
CHAN_CLOSER(pclose)
CHAN_CLOSER(socket_close)

static const chan_wrapped_function chan_closers[] = {
    {"fclose", chan_fclose, &chan_fclose_prev},
    {"pclose", chan_pclose, &chan_pclose_prev},
    {"socket_close", chan_socket_close, &chan_socket_close_prev},
};

const char *chan_io_kinds(void)
{
	return "streams with a descriptor"
#ifdef CHAN_HAVE_SOCKETS
	       ", ext-sockets Socket"
#endif
#ifdef CHAN_HAVE_MYSQLI
	       ", mysqli (mysqlnd)"
#endif
	    ;
}

void chan_io_minit(void)
{
	chan_wrap_functions(chan_closers, sizeof(chan_closers) / sizeof(chan_closers[0]));
}

void chan_io_mshutdown(void)
{
	chan_unwrap_functions(chan_closers, sizeof(chan_closers) / sizeof(chan_closers[0]));
}
