/*
 * chan_stack.c - slab allocator for coroutine C stacks, guard pages and the
 * overflow handler. The policy is in chan_stack.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_stack.h"
#include "chan_wait.h"

/* The scheduler's (chan_stack_on_overflow()). */
static void (*chan_overflow_message)(char *buf, size_t len);

TSRM_TLS size_t chan_stack_size;

#ifdef CHAN_OWN_STACKS

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef HAVE_VALGRIND_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif

/* Deep enough that one large frame cannot step over it into the stack
 * below. Only address space: the pages are never touched. */
#define CHAN_GUARD_SIZE (64 * 1024)
/* Stacks per slab: slabs of ~64 MiB at the default size. */
#define CHAN_SLAB_BYTES ((size_t) 64 * 1024 * 1024)
/* Empty slabs kept mapped, their touched pages warm: about 4,000 stacks at
 * the default size. Unmapping each slab as it empties made a workload that
 * starts and ends a few thousand coroutines at a time map fresh memory, and
 * fault in every stack's pages, round after round. */
#define CHAN_SLAB_KEEP_EMPTY 16
/* From one request to the next (php-fpm, mod_php) one slab stays mapped
 * with its first few stacks warm, the rest of its memory given back: a
 * request's first coroutine then makes no system call and touches no fresh
 * page (a request that starts one coroutine: 0.87x the time, measured).
 * Not under ZTS, where a thread that ends could not give them back. */
#ifdef ZTS
#define CHAN_SLAB_KEEP_REQUESTS 0
#else
#define CHAN_SLAB_KEEP_REQUESTS 1
#endif
#define CHAN_STACKS_KEEP_WARM 8

typedef struct chan_slab chan_slab;

/* Sits at the top of its stack's memory. */
struct chan_stack {
	chan_slab *slab;
	chan_stack *next_free;
#ifdef VALGRIND_STACK_REGISTER
	/* Stacks closer than 2 MiB look like one moving stack to valgrind
	 * unless registered. */
	unsigned valgrind_id;
#endif
};

struct chan_slab {
	char *base;
	size_t slot_size; /* guard + stack */
	uint32_t nslots, used, carved;
	chan_stack *free;
	chan_slab *next, *prev;             /* every slab */
	chan_slab *avail_next, *avail_prev; /* slabs with a free or uncarved slot */
	bool in_avail;
};

ZEND_TLS struct {
	chan_slab *all;
	chan_slab *avail;
	uint32_t empty; /* slabs with no stack in use */
	bool madv_guard_unsupported;
} chan_slabs;

static void avail_add(chan_slab *sl)
{
	sl->avail_prev = NULL;
	sl->avail_next = chan_slabs.avail;
	if (chan_slabs.avail) {
		chan_slabs.avail->avail_prev = sl;
	}
	chan_slabs.avail = sl;
	sl->in_avail = true;
}

static void avail_remove(chan_slab *sl)
{
	if (sl->avail_prev) {
		sl->avail_prev->avail_next = sl->avail_next;
	} else {
		chan_slabs.avail = sl->avail_next;
	}
	if (sl->avail_next) {
		sl->avail_next->avail_prev = sl->avail_prev;
	}
	sl->in_avail = false;
}

/* A slab's slots, then guard pages above the last: valgrind takes a thread
 * stack mapped right above a slab for one segment with it, and registers the
 * whole as that thread's stack, so switches between our stacks would look
 * like frames of one stack (a helper thread of chan_offload.c's did it). */
static size_t slab_bytes(uint32_t nslots, size_t slot_size)
{
	return (size_t) nslots * slot_size + CHAN_GUARD_SIZE;
}

static bool slot_guard(char *slot);

static void slab_unmap(chan_slab *sl)
{
	if (sl->in_avail) {
		avail_remove(sl);
	}
	if (sl->prev) {
		sl->prev->next = sl->next;
	} else {
		chan_slabs.all = sl->next;
	}
	if (sl->next) {
		sl->next->prev = sl->prev;
	}
#ifdef VALGRIND_STACK_DEREGISTER
	if (RUNNING_ON_VALGRIND) {
		for (uint32_t i = 0; i < sl->carved; i++) {
			chan_stack *st = (chan_stack *) (sl->base + (size_t) (i + 1) * sl->slot_size) - 1;
			VALGRIND_STACK_DEREGISTER(st->valgrind_id);
		}
	}
#endif
	munmap(sl->base, slab_bytes(sl->nslots, sl->slot_size));
	pefree(sl, 1);
}

static chan_slab *slab_new(void)
{
	size_t slot = CHAN_GUARD_SIZE + chan_stack_size;
	uint32_t n = (uint32_t) (CHAN_SLAB_BYTES / slot);
	if (n < 4) {
		n = 4;
	}
	char *base =
	    mmap(NULL, slab_bytes(n, slot), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		zend_throw_error(chan_ce_error, "Cannot allocate coroutine stacks: mmap failed: %s (%d)", strerror(errno),
		                 errno);
		return NULL;
	}
	if (!slot_guard(base + (size_t) n * slot)) {
		munmap(base, slab_bytes(n, slot));
		return NULL;
	}
	chan_slab *sl = pecalloc(1, sizeof(chan_slab), 1); /* may outlive the request */
	sl->base = base;
	sl->slot_size = slot;
	sl->nslots = n;
	sl->next = chan_slabs.all;
	if (sl->next) {
		sl->next->prev = sl;
	}
	chan_slabs.all = sl;
	avail_add(sl);
	chan_slabs.empty++;
	return sl;
}

/* Guard pages at the bottom of a slot, made once when it is first used. */
static bool slot_guard(char *slot)
{
#ifdef RUNNING_ON_VALGRIND
	if (RUNNING_ON_VALGRIND) {
		/* valgrind does not know these guards and writes into them. */
		chan_slabs.madv_guard_unsupported = true;
	}
#endif
	if (!chan_slabs.madv_guard_unsupported) {
		if (madvise(slot, CHAN_GUARD_SIZE, MADV_GUARD_INSTALL) == 0) {
			return true;
		}
		if (errno != EINVAL) {
			goto fail;
		}
		chan_slabs.madv_guard_unsupported = true;
	}
	if (mprotect(slot, CHAN_GUARD_SIZE, PROT_NONE) == 0) {
		return true;
	}
fail:
	zend_throw_error(chan_ce_error, "Cannot protect a coroutine stack: %s (%d)", strerror(errno), errno);
	return false;
}

static void chan_stack_install_handler(void);

chan_stack *chan_stack_get(void)
{
	chan_slab *sl = chan_slabs.avail;
	if (UNEXPECTED(!sl)) {
		chan_stack_install_handler();
		sl = slab_new();
		if (!sl) {
			return NULL;
		}
	}
	chan_stack *st = sl->free;
	if (st) {
		sl->free = st->next_free;
	} else {
		char *slot = sl->base + (size_t) sl->carved * sl->slot_size;
		if (!slot_guard(slot)) {
			return NULL;
		}
		sl->carved++;
		st = (chan_stack *) (slot + sl->slot_size) - 1;
		st->slab = sl;
#ifdef VALGRIND_STACK_REGISTER
		st->valgrind_id = VALGRIND_STACK_REGISTER(slot + CHAN_GUARD_SIZE, slot + sl->slot_size);
#endif
	}
	if (sl->used++ == 0) {
		chan_slabs.empty--;
	}
	if (!sl->free && sl->carved == sl->nslots) {
		avail_remove(sl);
	}
	return st;
}

void chan_stack_put(chan_stack *st)
{
	chan_slab *sl = st->slab;
	st->next_free = sl->free;
	sl->free = st;
	if (!sl->in_avail) {
		avail_add(sl);
	}
	if (--sl->used == 0 && ++chan_slabs.empty > CHAN_SLAB_KEEP_EMPTY) {
		chan_slabs.empty--;
		slab_unmap(sl);
	}
}

char *chan_stack_low(const chan_stack *st)
{
	return (char *) (st + 1) - st->slab->slot_size + CHAN_GUARD_SIZE;
}

static void chan_altstack_drop(void);

/* An empty slab keeps its first `warm` stacks; the memory of the others
 * goes back to the system and they are carved again when needed. */
static void slab_trim(chan_slab *sl, uint32_t warm)
{
	if (sl->carved > warm) {
		char *from = sl->base + (size_t) warm * sl->slot_size;
#ifdef VALGRIND_STACK_DEREGISTER
		if (RUNNING_ON_VALGRIND) {
			for (uint32_t i = warm; i < sl->carved; i++) {
				chan_stack *st = (chan_stack *) (sl->base + (size_t) (i + 1) * sl->slot_size) - 1;
				VALGRIND_STACK_DEREGISTER(st->valgrind_id);
			}
		}
#endif
		madvise(from, (size_t) (sl->carved - warm) * sl->slot_size, MADV_DONTNEED);
		sl->carved = warm;
	}
	sl->free = NULL;
	for (uint32_t i = sl->carved; i-- > 0;) {
		chan_stack *st = (chan_stack *) (sl->base + (size_t) (i + 1) * sl->slot_size) - 1;
		st->next_free = sl->free;
		sl->free = st;
	}
}

void chan_stack_request_end(void)
{
	chan_slab *keep = CHAN_SLAB_KEEP_REQUESTS ? chan_slabs.all : NULL;
	if (!keep) {
		chan_stack_release_all();
		return;
	}
	while (keep->next) {
		slab_unmap(keep->next);
	}
	CHAN_ASSERT(keep->used == 0);
	slab_trim(keep, CHAN_STACKS_KEEP_WARM);
	chan_slabs.empty = 1;
}

void chan_stack_release_all(void)
{
	while (chan_slabs.all) {
		slab_unmap(chan_slabs.all);
	}
	chan_slabs.empty = 0;
	chan_altstack_drop();
}

/* --- overflow --------------------------------------------------------- */

/* The SIGSEGV handler is the process's, installed once by whichever thread
 * first makes a slab; the alternate signal stack it runs on is per thread
 * (a signal runs on the faulting thread), made with the thread's first slab
 * and dropped with its last. */
static pthread_mutex_t chan_handler_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction chan_prev_segv;
static bool chan_handler_installed;
ZEND_TLS void *chan_altstack;

/* The slot whose guard pages hold addr, if any. */
static bool chan_in_guard(const char *addr)
{
	for (chan_slab *sl = chan_slabs.all; sl; sl = sl->next) {
		if (addr >= sl->base && addr < sl->base + (size_t) sl->nslots * sl->slot_size) {
			return (size_t) (addr - sl->base) % sl->slot_size < CHAN_GUARD_SIZE;
		}
	}
	return false;
}

/* A SIGSEGV that is not an overflow of ours goes to the handler that was
 * there before, ours staying installed. With no handler before: a real
 * fault repeats under the default action once we return; a signal sent with
 * kill() is raised again, so it kills as it would have without chan. */
static void chan_segv_forward(int sig, siginfo_t *info, void *uctx)
{
	if (chan_prev_segv.sa_flags & SA_SIGINFO) {
		chan_prev_segv.sa_sigaction(sig, info, uctx);
		return;
	}
	if (chan_prev_segv.sa_handler != SIG_DFL && chan_prev_segv.sa_handler != SIG_IGN) {
		chan_prev_segv.sa_handler(sig);
		return;
	}
	bool sent = info->si_code <= 0;
	if (sent && chan_prev_segv.sa_handler == SIG_IGN) {
		return;
	}
	signal(sig, SIG_DFL);
	if (sent) {
		raise(sig); /* delivered once this handler returns */
	}
}

static void chan_segv(int sig, siginfo_t *info, void *uctx)
{
	if (info->si_code <= 0 || !chan_in_guard((const char *) info->si_addr)) {
		chan_segv_forward(sig, info, uctx);
		return;
	}
	char buf[1024] = "Fatal error: a coroutine overflowed its C stack\n";
	if (chan_overflow_message) {
		chan_overflow_message(buf, sizeof(buf));
	}
	ssize_t unused = write(STDERR_FILENO, buf, strlen(buf));
	(void) unused;
	_exit(255);
}

/* This thread's alternate signal stack, unless it has one already (PHP's
 * or the embedding program's). */
static void chan_altstack_make(void)
{
	stack_t ss;
	if (chan_altstack || sigaltstack(NULL, &ss) != 0 || !(ss.ss_flags & SS_DISABLE)) {
		return;
	}
	size_t size = 64 * 1024;
	chan_altstack = malloc(size);
	if (chan_altstack) {
		ss.ss_sp = chan_altstack;
		ss.ss_size = size;
		ss.ss_flags = 0;
		if (sigaltstack(&ss, NULL) != 0) {
			free(chan_altstack);
			chan_altstack = NULL;
		}
	}
}

static void chan_altstack_drop(void)
{
	if (chan_altstack) {
		stack_t ss = {.ss_flags = SS_DISABLE};
		sigaltstack(&ss, NULL);
		free(chan_altstack);
		chan_altstack = NULL;
	}
}

static void chan_stack_install_handler(void)
{
	chan_altstack_make();
	pthread_mutex_lock(&chan_handler_lock);
	if (!chan_handler_installed) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = chan_segv;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
		sigemptyset(&sa.sa_mask);
		chan_handler_installed = sigaction(SIGSEGV, &sa, &chan_prev_segv) == 0;
	}
	pthread_mutex_unlock(&chan_handler_lock);
}

void chan_stack_mshutdown(void)
{
	chan_stack_release_all(); /* the slab kept across requests; the alt stack */
	pthread_mutex_lock(&chan_handler_lock);
	if (chan_handler_installed) {
		sigaction(SIGSEGV, &chan_prev_segv, NULL);
		chan_handler_installed = false;
	}
	pthread_mutex_unlock(&chan_handler_lock);
}

#else

void chan_stack_mshutdown(void)
{
}

#endif

void chan_stack_on_overflow(void (*message)(char *buf, size_t len))
{
	chan_overflow_message = message;
}

/* --- memory_limit ----------------------------------------------------- */

TSRM_TLS size_t chan_charged, chan_charge_room, chan_charge_floor;

/* The blocks held: room for chan_charge_room bytes of charge; one is given
 * back once two are unused (chan_charge_floor). */
ZEND_TLS struct {
	void **blocks;
	uint32_t n, cap;
} chan_charge;

static void chan_charge_bounds(void)
{
	chan_charge_room = (size_t) chan_charge.n * CHAN_CHARGE_BLOCK;
	chan_charge_floor = chan_charge.n >= 2 ? (size_t) (chan_charge.n - 2) * CHAN_CHARGE_BLOCK + 1 : 0;
}

void chan_charge_grow(void)
{
	while (chan_charged > chan_charge_room) {
		if (chan_charge.n == chan_charge.cap) {
			chan_charge.cap = chan_charge.cap ? chan_charge.cap * 2 : 16;
			chan_charge.blocks = safe_erealloc(chan_charge.blocks, chan_charge.cap, sizeof(void *), 0);
		}
		chan_charge.blocks[chan_charge.n] = emalloc(CHAN_CHARGE_BLOCK); /* never touched */
		chan_charge.n++;
		chan_charge_bounds();
	}
}

void chan_charge_shrink(void)
{
	while (chan_charged < chan_charge_floor) {
		efree(chan_charge.blocks[--chan_charge.n]);
		chan_charge_bounds();
	}
}

void chan_charge_release(void)
{
	while (chan_charge.n) {
		efree(chan_charge.blocks[--chan_charge.n]);
	}
	if (chan_charge.blocks) {
		efree(chan_charge.blocks);
	}
	memset(&chan_charge, 0, sizeof(chan_charge));
	chan_charged = chan_charge_room = chan_charge_floor = 0;
}

ZEND_INI_MH(chan_ini_stack_size)
{
	zend_long size = zend_ini_parse_quantity_warn(new_value, entry->name);
	if (size < CHAN_STACK_MIN || size > CHAN_STACK_MAX) {
		zend_error(E_WARNING, "Invalid \"chan.stack_size\" setting: must be between %dK and %dM", CHAN_STACK_MIN / 1024,
		           CHAN_STACK_MAX / 1024 / 1024);
		return FAILURE;
	}
	chan_stack_size = ZEND_MM_ALIGNED_SIZE_EX((size_t) size, 4096);
	return SUCCESS;
}
