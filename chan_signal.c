/*
 * chan_signal.c - Chan\signal(): channels that receive the signals the
 * process is sent (Go's signal.Notify), without ext-pcntl.
 *
 * Policy. A signal is caught by one C handler, the same for every signal,
 * which does only what is safe in a handler: it writes the signal's number
 * as one byte into the pipe of every thread that listens for it (a table
 * of CHAN_SIGNAL_THREADS slots, each a pipe's write end and a mask of
 * signals, read with atomic loads), then calls the handler that was there
 * before it if that was a function (pcntl_signal()'s, the SAPI's own: php-
 * fpm's SIGQUIT, the CLI server's SIGINT), so those keep working; a default
 * action or SIG_IGN is what the channel replaces. The read end is a source
 * of the thread's event loop (chan_loop.h): when it is readable, or when a
 * receive on a signal channel looks first, the bytes are read and each
 * number is sent, without blocking, to every open channel of the thread
 * that listens for it: a channel whose buffer is full drops it (Go's rule).
 * While a thread has a signal channel open, its loop counts the pipe as
 * something that may wake a context, so nothing is deadlocked.
 *
 * The handler is installed for a signal when the first channel (of any
 * thread) asks for it, and the disposition found then is put back when the
 * last one closes, unless something else (pcntl_signal()) has taken the
 * signal over meanwhile. In a child of fork() the forking thread's pipe is
 * replaced by a new one under the same numbers (the parent's stays the
 * parent's) and the other threads' slots are dropped.
 *
 * Not signalfd: it needs the signal blocked in every thread, and a blocked
 * mask is inherited by every program PHP starts (exec(), proc_open()),
 * which would then never see the SIGTERM or SIGINT it is sent.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_channel.h"
#include "chan_loop.h"

#ifndef PHP_WIN32
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

/* Undelivered signals a channel holds; beyond them one is dropped. */
#define CHAN_SIGNAL_BUFFER 16
/* Threads (ZTS) that may listen at once. */
#define CHAN_SIGNAL_THREADS 64
#define CHAN_SIGNAL_MAX     64 /* numbers 1..64: one bit each */

typedef struct {
	int fd;        /* write end of the thread's pipe, -1: free slot */
	uint64_t mask; /* bit n-1: signal n */
} chan_signal_slot;

static chan_signal_slot chan_signal_slots[CHAN_SIGNAL_THREADS];

/* Per signal, across threads: how many channels listen, and what was there
 * before the first. Changed under the mutex, never in the handler. */
static struct {
	uint32_t listeners;
	struct sigaction previous;
} chan_signal_install[CHAN_SIGNAL_MAX + 1];
static pthread_mutex_t chan_signal_mutex = PTHREAD_MUTEX_INITIALIZER;

typedef struct chan_signal_feed {
	chan_feed feed;
	uint64_t mask;
	struct chan_signal_feed *prev, *next;
} chan_signal_feed;

/* This thread's listening state. */
ZEND_TLS struct {
	chan_loop_source source; /* source.fd: the pipe's read end */
	int slot;                /* in chan_signal_slots, -1: none */
	int wfd;
	chan_signal_feed *feeds; /* every open signal channel of the thread */
} T = {.slot = -1};

static const chan_feed_ops chan_signal_feed_ops;

static void chan_signal_handler(int signo, siginfo_t *info, void *uctx)
{
	int saved = errno;
	unsigned char byte = (unsigned char) signo;
	if (signo > 0 && signo <= CHAN_SIGNAL_MAX) {
		uint64_t bit = (uint64_t) 1 << (signo - 1);
		for (int i = 0; i < CHAN_SIGNAL_THREADS; i++) {
			int fd = __atomic_load_n(&chan_signal_slots[i].fd, __ATOMIC_ACQUIRE);
			if (fd >= 0 && (__atomic_load_n(&chan_signal_slots[i].mask, __ATOMIC_ACQUIRE) & bit)) {
				ssize_t n = write(fd, &byte, 1); /* a full pipe drops it */
				(void) n;
			}
		}
		/* The handler found there first, when it is a function. */
		struct sigaction *prev = &chan_signal_install[signo].previous;
		if (prev->sa_flags & SA_SIGINFO) {
			if (prev->sa_sigaction) {
				prev->sa_sigaction(signo, info, uctx);
			}
		} else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN && prev->sa_handler) {
			prev->sa_handler(signo);
		}
	}
	errno = saved;
}

/* Where PHP manages signals itself (ZEND_SIGNALS: it defers a signal
 * that comes in a critical section), a handler is registered with it and
 * it calls the handler; pcntl_signal() does the same, so the previous
 * handler read here is pcntl's or the SAPI's, not PHP's own relay. */
static int chan_sigaction(int signo, const struct sigaction *act, struct sigaction *old)
{
#ifdef ZEND_SIGNALS
	zend_sigaction(signo, act, old);
	return 0;
#else
	return sigaction(signo, act, old);
#endif
}

static bool chan_signal_is_ours(const struct sigaction *sa)
{
	return (sa->sa_flags & SA_SIGINFO) && sa->sa_sigaction == chan_signal_handler;
}

/* Under the mutex: one more listener of signo; installs the handler for
 * the first. false with errno when the kernel refuses. */
static bool chan_signal_listen(int signo)
{
	if (chan_signal_install[signo].listeners++ > 0) {
		return true;
	}
	struct sigaction sa, previous;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = chan_signal_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
	sigfillset(&sa.sa_mask);
	if (chan_sigaction(signo, NULL, &previous) != 0) {
		chan_signal_install[signo].listeners--;
		return false;
	}
	if (chan_signal_is_ours(&previous)) { /* left by a request that ended badly: nothing to chain */
		memset(&previous, 0, sizeof(previous));
		previous.sa_handler = SIG_DFL;
	}
	chan_signal_install[signo].previous = previous; /* before the handler can read it */
	if (chan_sigaction(signo, &sa, NULL) != 0) {
		chan_signal_install[signo].listeners--;
		return false;
	}
	return true;
}

/* Under the mutex: one listener of signo fewer; the last puts back what
 * was there, unless the signal has been taken over since. */
static void chan_signal_unlisten(int signo)
{
	if (--chan_signal_install[signo].listeners > 0) {
		return;
	}
	struct sigaction now;
	if (chan_sigaction(signo, NULL, &now) == 0 && chan_signal_is_ours(&now)) {
		chan_sigaction(signo, &chan_signal_install[signo].previous, NULL);
	}
}

static void chan_signal_mask_publish(void)
{
	uint64_t mask = 0;
	for (chan_signal_feed *f = T.feeds; f; f = f->next) {
		mask |= f->mask;
	}
	__atomic_store_n(&chan_signal_slots[T.slot].mask, mask, __ATOMIC_RELEASE);
}

/* Reads the pipe dry and sends each number to the thread's channels. */
static void chan_signal_drain(void)
{
	unsigned char buf[64];
	ssize_t n;
	while (T.slot >= 0 && (n = read(T.source.fd, buf, sizeof(buf))) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			uint64_t bit = (uint64_t) 1 << (buf[i] - 1);
			for (chan_signal_feed *f = T.feeds; f; f = f->next) {
				if (f->mask & bit) {
					zval v;
					ZVAL_LONG(&v, buf[i]);
					chan_channel_try_send(f->feed.ch, &v); /* full: dropped */
				}
			}
		}
	}
}

static void chan_signal_ready(chan_loop_source *s)
{
	(void) s;
	chan_signal_drain();
}

/* The thread's pipe, slot and loop source, made for its first channel;
 * false with Chan\Error thrown. */
static bool chan_signal_thread_start(void)
{
	if (T.slot >= 0) {
		return true;
	}
	int p[2];
	if (pipe(p) != 0) {
		zend_throw_error(chan_ce_error, "Cannot listen for signals: pipe(): %s", strerror(errno));
		return false;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(p[i], F_SETFL, fcntl(p[i], F_GETFL) | O_NONBLOCK);
		fcntl(p[i], F_SETFD, FD_CLOEXEC);
	}
	int slot = -1;
	pthread_mutex_lock(&chan_signal_mutex);
	for (int i = 0; i < CHAN_SIGNAL_THREADS; i++) {
		if (__atomic_load_n(&chan_signal_slots[i].fd, __ATOMIC_ACQUIRE) < 0) {
			slot = i;
			__atomic_store_n(&chan_signal_slots[i].mask, 0, __ATOMIC_RELEASE);
			__atomic_store_n(&chan_signal_slots[i].fd, p[1], __ATOMIC_RELEASE);
			break;
		}
	}
	pthread_mutex_unlock(&chan_signal_mutex);
	if (slot < 0) {
		close(p[0]);
		close(p[1]);
		zend_throw_error(chan_ce_error, "Cannot listen for signals in more than %d threads at once",
		                 CHAN_SIGNAL_THREADS);
		return false;
	}
	T.slot = slot;
	T.wfd = p[1];
	T.source.fd = p[0];
	T.source.ready = chan_signal_ready;
	if (!chan_loop_source_add(&T.source)) {
		__atomic_store_n(&chan_signal_slots[slot].fd, -1, __ATOMIC_RELEASE);
		T.slot = -1;
		close(p[0]);
		close(p[1]);
		return false;
	}
	return true;
}

static void chan_signal_thread_stop(void)
{
	chan_loop_source_remove(&T.source);
	__atomic_store_n(&chan_signal_slots[T.slot].fd, -1, __ATOMIC_RELEASE);
	close(T.source.fd);
	close(T.wfd);
	T.slot = -1;
}

/* A channel stops listening (closed, freed, or the request ends). */
static void chan_signal_stop(chan_feed *feed)
{
	chan_signal_feed *f = (chan_signal_feed *) feed;
	if (f->prev) {
		f->prev->next = f->next;
	} else {
		T.feeds = f->next;
	}
	if (f->next) {
		f->next->prev = f->prev;
	}
	chan_signal_mask_publish();
	pthread_mutex_lock(&chan_signal_mutex);
	for (int signo = 1; signo <= CHAN_SIGNAL_MAX; signo++) {
		if (f->mask & ((uint64_t) 1 << (signo - 1))) {
			chan_signal_unlisten(signo);
		}
	}
	pthread_mutex_unlock(&chan_signal_mutex);
	efree(f);
	if (!T.feeds) {
		chan_signal_thread_stop();
	}
}

static void chan_signal_poll(chan_feed *feed)
{
	(void) feed;
	chan_signal_drain();
}

static const chan_feed_ops chan_signal_feed_ops = {chan_signal_poll, chan_signal_stop};

ZEND_FUNCTION(Chan_signal)
{
	zval *args;
	uint32_t argc;
	ZEND_PARSE_PARAMETERS_START(1, -1)
	Z_PARAM_VARIADIC('+', args, argc)
	ZEND_PARSE_PARAMETERS_END();

	uint64_t mask = 0;
	for (uint32_t i = 0; i < argc; i++) {
		/* PHP names no variadic argument in its messages; chan names each. */
		zend_long signo;
		if (!zend_parse_arg_long(&args[i], &signo, NULL, false, i + 1)) {
			if (!EG(exception)) {
				zend_type_error("Chan\\signal(): Argument #%u ($signals) must be of type int, %s given", i + 1,
				                zend_zval_type_name(&args[i]));
			}
			RETURN_THROWS();
		}
		const char *bad = NULL;
		if (signo < 1 || signo >= NSIG || signo > CHAN_SIGNAL_MAX) {
			bad = "must be a signal number";
		} else if (signo == SIGKILL || signo == SIGSTOP) {
			bad = "must not be SIGKILL or SIGSTOP, which cannot be caught";
		} else if (signo == SIGSEGV || signo == SIGBUS || signo == SIGFPE || signo == SIGILL) {
			bad = "must not be SIGSEGV, SIGBUS, SIGFPE or SIGILL, which report a fault";
		}
		if (bad) {
			zend_value_error("Chan\\signal(): Argument #%u ($signals) %s", i + 1, bad);
			RETURN_THROWS();
		}
		mask |= (uint64_t) 1 << (signo - 1);
	}

	if (!chan_signal_thread_start()) {
		RETURN_THROWS();
	}
	chan_channel *ch = chan_channel_make(return_value, CHAN_SIGNAL_BUFFER);
	if (!ch) {
		if (!T.feeds) {
			chan_signal_thread_stop();
		}
		RETURN_THROWS();
	}
	pthread_mutex_lock(&chan_signal_mutex);
	for (int signo = 1; signo <= CHAN_SIGNAL_MAX; signo++) {
		if ((mask & ((uint64_t) 1 << (signo - 1))) && !chan_signal_listen(signo)) {
			int err = errno, failed = signo;
			while (--signo >= 1) {
				if (mask & ((uint64_t) 1 << (signo - 1))) {
					chan_signal_unlisten(signo);
				}
			}
			pthread_mutex_unlock(&chan_signal_mutex);
			if (!T.feeds) {
				chan_signal_thread_stop();
			}
			zval_ptr_dtor(return_value); /* a plain channel still */
			ZVAL_NULL(return_value);
			zend_throw_error(chan_ce_error, "Cannot catch signal %d: %s", failed, strerror(err));
			RETURN_THROWS();
		}
	}
	pthread_mutex_unlock(&chan_signal_mutex);
	chan_signal_feed *f = emalloc(sizeof(*f));
	f->feed.ops = &chan_signal_feed_ops;
	f->feed.ch = ch;
	f->mask = mask;
	f->prev = NULL;
	f->next = T.feeds;
	if (T.feeds) {
		T.feeds->prev = f;
	}
	T.feeds = f;
	ch->feed = &f->feed;
	chan_signal_mask_publish();
}

static void chan_signal_atfork_child(void)
{
	for (int i = 0; i < CHAN_SIGNAL_THREADS; i++) {
		if (i != T.slot) {
			__atomic_store_n(&chan_signal_slots[i].fd, -1, __ATOMIC_RELEASE);
		}
	}
	int p[2];
	if (T.slot >= 0 && pipe(p) == 0) { /* the same numbers, a pipe of its own */
		dup2(p[0], T.source.fd);
		dup2(p[1], T.wfd);
		close(p[0]);
		close(p[1]);
		for (int fd = T.source.fd, i = 0; i < 2; i++, fd = T.wfd) {
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
			fcntl(fd, F_SETFD, FD_CLOEXEC);
		}
	}
}

void chan_signal_minit(void)
{
	for (int i = 0; i < CHAN_SIGNAL_THREADS; i++) {
		chan_signal_slots[i].fd = -1;
	}
	pthread_atfork(NULL, NULL, chan_signal_atfork_child);
}

/* The request ends: every signal channel of the thread stops listening
 * (the channels themselves may be freed later, without their feed). */
void chan_signal_rshutdown(void)
{
	while (T.feeds) {
		chan_signal_feed *f = T.feeds;
		f->feed.ch->feed = NULL;
		chan_signal_stop(&f->feed);
	}
}

#else /* PHP_WIN32 */

ZEND_FUNCTION(Chan_signal)
{
	zval *args;
	uint32_t argc;
	ZEND_PARSE_PARAMETERS_START(1, -1)
	Z_PARAM_VARIADIC('+', args, argc)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(chan_ce_error, "Chan\\signal() is not available on Windows");
}

void chan_signal_minit(void)
{
}

void chan_signal_rshutdown(void)
{
}

#endif
