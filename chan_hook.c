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
#include "chan_loop.h"
#include "chan_cancel.h"

#include <errno.h>
#ifndef PHP_WIN32
#include <sys/socket.h>
#endif

/* The families this build has. */
#ifdef CHAN_HAVE_HOOK_PROCESS
#define CHAN_HOOKS_BUILT_PROCESS CHAN_HOOK_PROCESS
#else
#define CHAN_HOOKS_BUILT_PROCESS 0
#endif
#ifdef CHAN_HAVE_HOOK_DNS
#define CHAN_HOOKS_BUILT_DNS CHAN_HOOK_DNS
#else
#define CHAN_HOOKS_BUILT_DNS 0
#endif
#define CHAN_HOOKS_BUILT (CHAN_HOOK_SLEEP | CHAN_HOOK_STREAM | CHAN_HOOKS_BUILT_PROCESS | CHAN_HOOKS_BUILT_DNS)

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

/* --- who is parked on what ---------------------------------------------- */

static TSRM_TLS HashTable *chan_hook_parked;

chan_hook_park *chan_hook_park_find(const void *key)
{
	return chan_hook_parked ? zend_hash_index_find_ptr(chan_hook_parked, (zend_ulong) (uintptr_t) key) : NULL;
}

chan_hook_park *chan_hook_enter(const void *key, const char *what, int dir)
{
	if (!chan_hook_parked) {
		ALLOC_HASHTABLE(chan_hook_parked);
		zend_hash_init(chan_hook_parked, 8, NULL, NULL, 0);
	}
	chan_hook_park *p = chan_hook_park_find(key);
	if (!p) {
		p = ecalloc(1, sizeof(*p));
		zend_hash_index_add_new_ptr(chan_hook_parked, (zend_ulong) (uintptr_t) key, p);
	} else if (p->who[dir]) {
		const char *verb = dir == CHAN_HOOK_READ ? "read from" : "write to";
		const char *ing = dir == CHAN_HOOK_READ ? "reading from" : "writing to";
		if (p->who[dir] == chan_main()) {
			zend_throw_error(chan_ce_error,
			                 "Cannot %s a %s that main is %s: one context at a time per %s and direction", verb, what,
			                 ing, what);
		} else {
			zend_throw_error(chan_ce_error,
			                 "Cannot %s a %s that coroutine #" ZEND_LONG_FMT
			                 " is %s: one context at a time per %s and direction",
			                 verb, what, p->who[dir]->id, ing, what);
		}
		return NULL;
	}
	p->who[dir] = chan_current();
	return p;
}

void chan_hook_leave(const void *key, chan_hook_park *p, int dir)
{
	p->who[dir] = NULL;
	if (p->who[CHAN_HOOK_READ] || p->who[CHAN_HOOK_WRITE]) {
		return;
	}
	if (p->closed) { /* the closer drops the record */
		chan_waiter *w;
		while ((w = chan_waitq_shift(&p->closers))) {
			chan_wakeup(w->coro, CHAN_WAKE_OK, w);
		}
		return;
	}
	chan_hook_park_drop(key);
}

chan_wake chan_hook_evict(const void *key, int fd, const char *what)
{
	chan_hook_park *p = chan_hook_park_find(key);
	if (!p || (!p->who[CHAN_HOOK_READ] && !p->who[CHAN_HOOK_WRITE])) {
		return CHAN_WAKE_OK;
	}
	p->closed = true;
	if (fd >= 0) {
		chan_loop_closed(fd);
	}
	if (!chan_may_switch()) {
		/* In a destructor or the garbage collector, where no switch may
		 * happen: freeing it now would free it under them. */
		zend_error_noreturn(E_ERROR,
		                    "Cannot close a %s that another context is parked on here (in a destructor or during "
		                    "garbage collection): close it where the context can switch",
		                    what);
	}
	chan_wake stop = CHAN_WAKE_OK;
	while (p->who[CHAN_HOOK_READ] || p->who[CHAN_HOOK_WRITE]) {
		chan_waiter w = {.coro = chan_current()};
		chan_waitq_push(&p->closers, &w);
		chan_wake why = chan_wait(&w, 1, -1);
		if (why != CHAN_WAKE_OK && stop == CHAN_WAKE_OK) {
			stop = why;
		}
	}
	chan_hook_park_drop(key);
	return stop;
}

void chan_hook_evicted(chan_wake stop)
{
	if (stop == CHAN_WAKE_CANCELLED) {
		chan_cancel(chan_current()); /* delivered at the next checkpoint */
	} else if (stop != CHAN_WAKE_OK && stop != CHAN_WAKE_DEADLINE) {
		chan_raise(stop);
	}
}

void chan_hook_park_drop(const void *key)
{
	chan_hook_park *p = chan_hook_park_find(key);
	if (p) {
		zend_hash_index_del(chan_hook_parked, (zend_ulong) (uintptr_t) key);
		efree(p);
	}
}

bool chan_hook_would_block(int fd, int call)
{
#ifndef PHP_WIN32
	int listening = 0;
	socklen_t len = sizeof(listening);
	switch (call) {
		case CHAN_HOOK_RECV: {
			char c;
			return recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
		}
		case CHAN_HOOK_RECV_OOB:
			return false;
		case CHAN_HOOK_ACCEPT:
			return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening &&
			       !chan_io_ready(fd, CHAN_POLL_IN);
		default:
			return !(getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening) &&
			       !chan_io_ready(fd, CHAN_POLL_OUT);
	}
#else
	return call != CHAN_HOOK_RECV_OOB && !chan_io_ready(fd, call == CHAN_HOOK_SEND ? CHAN_POLL_OUT : CHAN_POLL_IN);
#endif
}

void chan_hook_rshutdown(void)
{
	if (chan_hook_parked) {
		chan_hook_park *p;
		ZEND_HASH_FOREACH_PTR(chan_hook_parked, p)
		{
			efree(p);
		}
		ZEND_HASH_FOREACH_END();
		zend_hash_destroy(chan_hook_parked);
		FREE_HASHTABLE(chan_hook_parked);
		chan_hook_parked = NULL;
	}
}
