/*
 * chan_hook.h - the hook layer: PHP's own blocking calls park only the
 * context that makes them (SPEC "The code users already have").
 *
 * Policy. The layer sits above the scheduler and the event loop and uses
 * only their verbs (chan_may_switch(), chan_sleep(), chan_io_wait(), ...):
 * the core never calls into it. One file per family (chan_hook_sleep.c,
 * chan_hook_stream.c, ...), each installed at MINIT, before any thread
 * starts or any script is compiled, by wrapping what PHP exposes for it
 * (an internal function's handler, a stream transport's factory): no
 * copied PHP code, and PHP's own code does the work once the wait is over,
 * so results, warnings and errors are PHP's.
 *
 * Every hooked call asks chan_hook_active() first: its family is on
 * (chan.hooks) and another context could run meanwhile. If not (no
 * coroutine, inside a Fiber chan does not own, during shutdown), it is PHP's
 * own call, unchanged, and that test is all it costs.
 */
#ifndef CHAN_HOOK_H
#define CHAN_HOOK_H

#include "php.h"
#include "chan_scheduler.h"

enum {
	CHAN_HOOK_SLEEP = 1u << 0,
	CHAN_HOOK_STREAM = 1u << 1,
	CHAN_HOOK_DNS = 1u << 2,
	CHAN_HOOK_PROCESS = 1u << 3,
	CHAN_HOOK_CURL = 1u << 4,
	CHAN_HOOK_PGSQL = 1u << 5,
};

/* The families a build has beyond sleep and stream: process where there
 * are POSIX processes, dns where libc has the reentrant lookup PHP uses. */
#ifndef PHP_WIN32
#define CHAN_HAVE_HOOK_PROCESS 1
#if defined(HAVE_GETHOSTBYNAME_R) && defined(HAVE_FUNC_GETHOSTBYNAME_R_6)
#define CHAN_HAVE_HOOK_DNS 1
#endif
#endif

/* The families chan.hooks turns on, of those this build has. */
extern TSRM_TLS uint32_t chan_hooks_on;

/* The live count first: a script without coroutines pays one load and a
 * branch per hooked call. */
static zend_always_inline bool chan_hook_active(uint32_t family)
{
	return chan_live_count > 0 && (chan_hooks_on & family) && chan_may_switch_slow();
}

ZEND_INI_MH(chan_ini_hooks);

/* --- who is parked on what ---------------------------------------------- */

/* One context at a time per stream (or socket) and direction: a hooked call
 * that parks registers there first, by the address of what it parks on. */
enum { CHAN_HOOK_READ = 0, CHAN_HOOK_WRITE = 1 };
typedef struct chan_hook_park {
	chan_coro *who[2];  /* parked reading, writing */
	chan_waitq closers; /* contexts closing it, waiting for them to leave */
	bool closed;
} chan_hook_park;
/* The record of key, NULL while no context is parked on it. */
chan_hook_park *chan_hook_park_find(const void *key);
/* The current context is about to park on key (a "stream", a "socket": the
 * word of the error) in direction dir; NULL with Chan\Error thrown when
 * another context is parked there already. */
chan_hook_park *chan_hook_enter(const void *key, const char *what, int dir);
/* It has left: the record goes with the last one (a closer waiting for
 * them is woken instead, and drops it with chan_hook_park_drop()). */
void chan_hook_leave(const void *key, chan_hook_park *p, int dir);
void chan_hook_park_drop(const void *key);
/* Closing what key names (a "stream"; fd its descriptor, -1 when none): the
 * contexts parked on it are woken (CHAN_WAKE_CLOSED) and the caller waits
 * until they have left PHP's code for it, so that it is freed under no one.
 * Returns what ended the caller's own wait meanwhile; once the thing is
 * closed, chan_hook_evicted() delivers it. */
chan_wake chan_hook_evict(const void *key, int fd, const char *what);
void chan_hook_evicted(chan_wake stop);

/* Whether PHP's blocking call of this kind on socket fd would block now,
 * asked as the kernel answers it: a recv peeks without waiting (a
 * listening or unconnected socket fails at once, as PHP's call will; an
 * out-of-band one never waits), an accept waits for a pending connection
 * on a listening socket only, a send for room, never on a listening socket
 * (PHP's call fails on it at once). */
enum { CHAN_HOOK_RECV, CHAN_HOOK_RECV_OOB, CHAN_HOOK_SEND, CHAN_HOOK_ACCEPT };
bool chan_hook_would_block(int fd, int call);

/* A socket stream PHP made from a connected descriptor (proc_open()'s
 * "socket" descriptors) gets the stream family's hooks; any other kind of
 * stream is left as it is. */
void chan_hook_stream_adopt(php_stream *stream);

#ifdef CHAN_HAVE_HOOK_DNS
struct sockaddr_storage;
/* The addresses PHP's connect would try for host (getaddrinfo() asked as
 * php_network_getaddresses() asks it), looked up on a helper thread while
 * the caller parks: 0 with *addrs (free() it) and *n; getaddrinfo()'s error
 * (EAI_*) when the lookup failed; -1 with an exception thrown when the
 * wait was ended. */
int chan_hook_dns_lookup(const char *host, int socktype, struct sockaddr_storage **addrs, size_t *n);
#endif

void chan_hook_rshutdown(void);

/* Each family's installation (chan_hook_<family>.c), called by chan.c. */
void chan_hook_sleep_minit(void);
void chan_hook_sleep_mshutdown(void);
void chan_hook_stream_minit(void);
void chan_hook_stream_rshutdown(void);
void chan_hook_stream_mshutdown(void);
void chan_hook_select_minit(void);
void chan_hook_select_mshutdown(void);
void chan_hook_sockets_minit(void);
void chan_hook_sockets_mshutdown(void);
void chan_hook_process_minit(void);
void chan_hook_process_mshutdown(void);
void chan_hook_process_rshutdown(void);
void chan_hook_dns_minit(void);
void chan_hook_dns_mshutdown(void);

#endif
