/*
 * chan_shared.c - Chan\SharedChannel: a channel in memory shared by the
 * processes forked from the one that made it.
 *
 * Policy. One anonymous MAP_SHARED mapping holds a header, a registry of
 * the processes that hold the channel and one of the two rings laid out in
 * place (chan_queue.h, shared use), its cells a length and a serialized
 * value. Nothing is named, so nothing outlives the processes. Each process
 * holds a registry entry whose robust mutex it keeps locked while it lives:
 * the kernel marks the mutex when the process dies, however it dies, and
 * the first survivor that finds the channel full or empty takes the entry
 * over, lets the ring repair what the dead process had claimed, and frees
 * it. Waiting is on two eventfds made with the channel (items, space): a
 * context about to park counts itself in the header, looks at the ring
 * once more and waits in its event loop (one context per process on the
 * descriptor, edge-triggered; the others of that process queue behind it);
 * whoever pushes or pops with someone counted writes to the eventfd, an
 * edge that wakes the waiting processes. A wake-up may find nothing (another
 * got there first): the woken one looks, finds nothing and waits again.
 * The edge interest stays registered while the process waits again and
 * again (no system call per wait); the first post that finds no context of
 * the process waiting drops it (CHAN_LOOP_KEY_TRANSIENT), so a process that
 * has stopped waiting is woken once more at most, not by every post.
 * Elsewhere than Linux a pipe stands in, level-triggered, one byte a token.
 * close() posts to both, and nobody parks on a closed channel.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "ext/standard/php_var.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "zend_interfaces.h"

#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_channel.h"
#include "chan_io.h"
#include "chan_queue.h"
#include "chan_scheduler.h"

#ifndef PHP_WIN32
#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/eventfd.h>
#else
#include <fcntl.h>
#endif
#endif

#include <stdatomic.h>

#define CHAN_SHM_PROCS 128
#define CHAN_SHM_HOLE  UINT32_MAX          /* a cell a dead pusher never filled */
#define CHAN_SHM_CLOSE (UINT64_C(1) << 40) /* tokens close() posts */

#ifndef PHP_WIN32
typedef struct chan_shm_proc {
	pthread_mutex_t alive; /* robust: locked by its process while it lives */
	chan_queue_claim claim;
	_Atomic uint32_t waiting[2]; /* its contexts parked for items, for space */
	_Atomic int32_t pid;         /* 0: free */
} chan_shm_proc;

typedef struct chan_shm {
	_Atomic uint32_t closed;
	_Atomic uint32_t waiting[2]; /* all processes' parked contexts */
	_Atomic uint32_t used;       /* entries ever taken: the registry's high-water mark */
	chan_shm_proc procs[CHAN_SHM_PROCS];
} chan_shm;

#define CHAN_SHM_QUEUE ((sizeof(chan_shm) + 63) & ~(size_t) 63)
#endif

enum { FOR_ITEMS, FOR_SPACE };

typedef struct chan_shared {
#ifndef PHP_WIN32
	chan_shm *shm;
	size_t map_len;
	chan_queue *q;
	const chan_queue_ops *ops;
	chan_shm_proc *me;      /* this process's entry; NULL until it has one */
	int rfd[2], wfd[2];     /* FOR_ITEMS, FOR_SPACE: one eventfd each (Linux), else a pipe */
	zend_ulong key;         /* this object's edge-wait key, unique in the process */
	bool leader[2];         /* a context of this process waits on rfd[] */
	chan_waitq local[2];    /* the others, queued behind it */
	char *buf;              /* one slot, where pop() copies a value out */
	uint32_t unserializing; /* pops inside an unserialization going on */
	uint32_t counted[2];    /* contexts of this process counted as waiting */
	bool spin;              /* capacity 1 on more than one CPU: chan_shared_spin() */
	struct chan_shared *prev, *next;
#endif
	zend_long slot_size;
	zend_object std;
} chan_shared;

static zend_object_handlers chan_shared_handlers;

static zend_always_inline chan_shared *chan_shared_from_obj(zend_object *obj)
{
	return (chan_shared *) ((char *) obj - offsetof(chan_shared, std));
}

#define THIS_SHARED() chan_shared_from_obj(Z_OBJ_P(ZEND_THIS))

#ifndef PHP_WIN32

/* Online CPUs, read at MINIT: a spin only helps with more than one. */
static long chan_ncpu = 1;

/* The channels this thread holds, for the fork handler. */
ZEND_TLS chan_shared *chan_shared_list;
ZEND_TLS zend_ulong chan_shared_keys;

typedef struct chan_cell {
	uint32_t len;
	uint32_t pad;
	char data[];
} chan_cell;

/* --- the registry --------------------------------------------------------- */

static void proc_release(chan_shm *shm, chan_shm_proc *p)
{
	atomic_fetch_sub(&shm->waiting[FOR_ITEMS], atomic_exchange(&p->waiting[FOR_ITEMS], 0));
	atomic_fetch_sub(&shm->waiting[FOR_SPACE], atomic_exchange(&p->waiting[FOR_SPACE], 0));
	atomic_store(&p->claim.put, 0);
	atomic_store(&p->claim.take, 0);
	atomic_store(&p->pid, 0);
}

static void hole_fill(void *cell, void *arg)
{
	(void) arg;
	((chan_cell *) cell)->len = CHAN_SHM_HOLE;
}

/* p's process died: repair what it claimed, then free its entry (we hold
 * its mutex, handed over with EOWNERDEAD). */
static void proc_reap(chan_shared *sc, chan_shm_proc *p)
{
	chan_shm *shm = sc->shm;
	if (sc->ops->repair) {
		chan_queue_claim *others[CHAN_SHM_PROCS];
		size_t n = 0;
		uint32_t used = atomic_load(&shm->used);
		for (uint32_t i = 0; i < used; i++) {
			if (&shm->procs[i] != p) {
				others[n++] = &shm->procs[i].claim;
			}
		}
		sc->ops->repair(sc->q, &p->claim, others, n, hole_fill, NULL);
	}
	proc_release(shm, p);
	pthread_mutex_consistent(&p->alive);
	pthread_mutex_unlock(&p->alive);
}

/* Frees the entries of processes that died. */
static void chan_shared_reap(chan_shared *sc)
{
	chan_shm *shm = sc->shm;
	uint32_t used = atomic_load(&shm->used);
	for (uint32_t i = 0; i < used; i++) {
		chan_shm_proc *p = &shm->procs[i];
		if (p == sc->me || !atomic_load(&p->pid)) {
			continue;
		}
		int r = pthread_mutex_trylock(&p->alive);
		if (r == EOWNERDEAD) {
			proc_reap(sc, p);
		} else if (r == 0) {
			pthread_mutex_unlock(&p->alive); /* left cleanly meanwhile */
		}
	}
}

/* Takes a free entry for this process; false when all are held. */
static bool chan_shared_register(chan_shared *sc)
{
	chan_shm *shm = sc->shm;
	int32_t pid = (int32_t) getpid();
	for (uint32_t i = 0; i < CHAN_SHM_PROCS; i++) {
		chan_shm_proc *p = &shm->procs[i];
		int r = pthread_mutex_trylock(&p->alive);
		if (r == EOWNERDEAD) {
			proc_reap(sc, p);
			r = pthread_mutex_trylock(&p->alive);
		}
		if (r != 0) {
			continue;
		}
		atomic_store(&p->pid, pid);
		uint32_t used = atomic_load(&shm->used);
		while (used < i + 1 && !atomic_compare_exchange_weak(&shm->used, &used, i + 1)) {
		}
		sc->me = p;
		return true;
	}
	return false;
}

static void chan_shared_unregister(chan_shared *sc)
{
	if (sc->me) {
		proc_release(sc->shm, sc->me);
		pthread_mutex_unlock(&sc->me->alive);
		sc->me = NULL;
	}
}

static bool chan_shared_me(chan_shared *sc)
{
	if (EXPECTED(sc->me) || chan_shared_register(sc)) {
		return true;
	}
	zend_throw_error(chan_ce_error, "Chan\\SharedChannel is held by %d processes already", CHAN_SHM_PROCS);
	return false;
}

/* A child of fork(): its parent's entries are its parent's. */
static void chan_shared_atfork_child(void)
{
	for (chan_shared *sc = chan_shared_list; sc; sc = sc->next) {
		sc->me = NULL;
		if (!chan_shared_register(sc)) {
			continue; /* the first use throws */
		}
		/* The child has copies of the contexts its parent had parked: they
		 * count here now, and leave through this entry when they wake. */
		for (int w = FOR_ITEMS; w <= FOR_SPACE; w++) {
			atomic_store(&sc->me->waiting[w], sc->counted[w]);
			atomic_fetch_add(&sc->shm->waiting[w], sc->counted[w]);
		}
	}
}

/* --- tokens --------------------------------------------------------------- */

static void token_post(chan_shared *sc, int which, uint64_t n)
{
#ifdef __linux__
	ssize_t r = write(sc->wfd[which], &n, sizeof n);
#else
	char b[64] = {0};
	ssize_t r = write(sc->wfd[which], b, n < sizeof b ? (size_t) n : sizeof b);
#endif
	(void) r; /* EAGAIN: the counter is full of tokens already */
}

#ifdef __linux__
/* The eventfd is watched edge-triggered (epoll, registered once): every
 * write is an edge that wakes the leader parked then, and a leader parks
 * only after looking at the ring with itself counted, so tokens need not be
 * read: the counter only grows (by one per post; 2^64 is far). */
static zend_ulong token_key(chan_shared *sc)
{
	return CHAN_LOOP_KEY_TRANSIENT | sc->key;
}

static bool token_wait(chan_shared *sc, int which, double left, chan_wake *why)
{
	return chan_io_wait_edge(sc->rfd[which], CHAN_POLL_IN, token_key(sc) + (zend_ulong) which, left, why);
}

static void token_take(chan_shared *sc, int which)
{
	(void) sc, (void) which;
}
#else
/* A pipe, level-triggered: a waiter that woke reads one token, so that the
 * pipe is not readable for ever (close() fills it for good). */
static bool token_wait(chan_shared *sc, int which, double left, chan_wake *why)
{
	return chan_io_wait(sc->rfd[which], CHAN_POLL_IN, left, why);
}

static void token_take(chan_shared *sc, int which)
{
	if (atomic_load(&sc->shm->closed)) {
		return;
	}
	char n;
	ssize_t r = read(sc->rfd[which], &n, sizeof n);
	(void) r; /* EAGAIN: another waiter had it */
}
#endif

/* After a push (which = FOR_ITEMS) or a pop (FOR_SPACE). */
static zend_always_inline void chan_shared_notify(chan_shared *sc, int which)
{
	atomic_thread_fence(memory_order_seq_cst);
	if (atomic_load_explicit(&sc->shm->waiting[which], memory_order_relaxed)) {
		token_post(sc, which, 1);
	}
}

/* --- values --------------------------------------------------------------- */

static void cell_fill(void *cell, void *arg)
{
	zend_string *s = arg;
	chan_cell *c = cell;
	c->len = (uint32_t) ZSTR_LEN(s);
	memcpy(c->data, ZSTR_VAL(s), ZSTR_LEN(s));
}

/* Copies a cell out to buf: its length, then its bytes. */
static void cell_empty(void *cell, void *buf)
{
	chan_cell *c = cell;
	uint32_t len = c->len;
	memcpy(buf, &len, sizeof len);
	if (len != CHAN_SHM_HOLE) {
		memcpy((char *) buf + sizeof len, c->data, len);
	}
}

static zend_string *chan_shared_serialize(chan_shared *sc, zval *value)
{
	smart_str buf = {0};
	php_serialize_data_t vh;
	PHP_VAR_SERIALIZE_INIT(vh);
	php_var_serialize(&buf, value, &vh);
	PHP_VAR_SERIALIZE_DESTROY(vh);
	if (EG(exception)) {
		smart_str_free(&buf);
		return NULL;
	}
	zend_string *s = smart_str_extract(&buf);
	if ((zend_long) ZSTR_LEN(s) > sc->slot_size) {
		zend_argument_value_error(1, "serializes to %zu bytes, more than the slot size of " ZEND_LONG_FMT, ZSTR_LEN(s),
		                          sc->slot_size);
		zend_string_release(s);
		return NULL;
	}
	return s;
}

static bool chan_shared_unserialize(const char *buf, uint32_t len, zval *out)
{
	const unsigned char *p = (const unsigned char *) buf + sizeof(uint32_t);
	php_unserialize_data_t vh;
	PHP_VAR_UNSERIALIZE_INIT(vh);
	bool ok = php_var_unserialize(out, &p, p + len, &vh);
	PHP_VAR_UNSERIALIZE_DESTROY(vh);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		if (!EG(exception)) {
			zend_throw_error(chan_ce_error, "Chan\\SharedChannel: a value could not be unserialized");
		}
	}
	return ok;
}

/* One attempt each way; they never wait. */
static bool try_put(chan_shared *sc, zend_string *s)
{
	if (!sc->ops->put(sc->q, cell_fill, s, &sc->me->claim)) {
		return false;
	}
	chan_shared_notify(sc, FOR_ITEMS);
	return true;
}

/* 1: a value in out; 0: empty; -1: exception thrown. Holes are skipped.
 * The value is copied out to the channel's buffer, or to one of its own
 * when a pop() runs inside the unserialization of another (__wakeup()). */
static int try_take(chan_shared *sc, zval *out)
{
	char *buf = sc->unserializing ? emalloc(sizeof(uint32_t) + (size_t) sc->slot_size) : sc->buf;
	int r = 0;
	for (;;) {
		if (!sc->ops->take(sc->q, cell_empty, buf, &sc->me->claim)) {
			break;
		}
		chan_shared_notify(sc, FOR_SPACE);
		uint32_t len;
		memcpy(&len, buf, sizeof len);
		if (len != CHAN_SHM_HOLE) {
			sc->unserializing++;
			r = chan_shared_unserialize(buf, len, out) ? 1 : -1;
			sc->unserializing--;
			break;
		}
	}
	if (buf != sc->buf) {
		efree(buf);
	}
	return r;
}

static double chan_shared_left(uint64_t deadline);

/* A context about to park counts itself, so that whoever makes progress
 * for it posts a token, then tries once more (the fence orders the count
 * before the ring, as notify() orders the ring before the count). */
static void wait_begin(chan_shared *sc, int which)
{
	sc->counted[which]++;
	atomic_fetch_add(&sc->shm->waiting[which], 1);
	atomic_fetch_add(&sc->me->waiting[which], 1);
	atomic_thread_fence(memory_order_seq_cst);
}

/* sc->me may be gone: a fork child whose copies of parked contexts wake
 * but that found no registry entry (they throw on their next attempt). */
static void wait_end(chan_shared *sc, int which)
{
	sc->counted[which]--;
	if (sc->me) {
		atomic_fetch_sub(&sc->me->waiting[which], 1);
		atomic_fetch_sub(&sc->shm->waiting[which], 1);
	}
}

/* Parks until a token for `which` may be there: CHAN_WAKE_OK or
 * CHAN_WAKE_TIMEOUT to look again, else why it woke (CHAN_WAKE_NONE: an
 * exception is thrown). Of the contexts of this process that wait one way,
 * one (the leader) waits on the eventfd; the others queue behind it and
 * cost no system call. *duty tells the caller that it was the leader or was
 * woken to become the next one: it must pass that on (chan_shared_promote())
 * unless it parks again. */
static chan_wake chan_shared_park(chan_shared *sc, int which, uint64_t deadline, bool *duty)
{
	double left = deadline ? chan_shared_left(deadline) : -1;
	chan_wake why;
	*duty = false;
	if (sc->leader[which]) {
		chan_waiter w = {.coro = chan_current()};
		chan_waitq_push(&sc->local[which], &w);
		why = chan_wait(&w, 1, left);
		*duty = why == CHAN_WAKE_OK;
	} else {
		sc->leader[which] = true;
		if (!token_wait(sc, which, left, &why)) {
			why = CHAN_WAKE_NONE;
		}
		sc->leader[which] = false;
		*duty = true;
		if (why == CHAN_WAKE_OK) {
			token_take(sc, which);
		}
	}
	wait_end(sc, which);
	return why;
}

/* Wakes the first follower to look again and lead, if no one leads. */
static void chan_shared_promote(chan_shared *sc, int which)
{
	chan_waiter *w;
	if (!sc->leader[which] && (w = chan_waitq_shift(&sc->local[which]))) {
		chan_wakeup(w->coro, CHAN_WAKE_OK, w);
	}
}

static double chan_shared_left(uint64_t deadline)
{
	uint64_t now = chan_now_ns();
	return now >= deadline ? 0 : (double) (deadline - now) / 1e9;
}

static bool chan_shared_raise(chan_wake why, const char *op)
{
	switch (why) {
		case CHAN_WAKE_NONE:
			break;
		case CHAN_WAKE_TIMEOUT:
			zend_throw_exception_ex(chan_ce_timeout_exception, 0, "Chan\\SharedChannel::%s() timed out", op);
			break;
		case CHAN_WAKE_CLOSED:
			zend_throw_error(chan_ce_error, "Chan\\SharedChannel: its descriptor was closed");
			break;
		default:
			chan_raise(why);
	}
	return false;
}

static bool chan_shared_timed_out(double timeout, uint64_t deadline)
{
	return timeout == 0 || (deadline && chan_now_ns() >= deadline);
}

/* One attempt of a blocking call: DONE, CLOSED, BLOCKED (would wait) or
 * THROWN. */
enum { ATTEMPT_BLOCKED, ATTEMPT_DONE, ATTEMPT_CLOSED, ATTEMPT_THROWN };
typedef int (*chan_shared_attempt)(chan_shared *sc, void *arg);

static zend_always_inline void chan_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

/* How long a context spins before it parks (chan_shared_spin()). */
#define CHAN_SHARED_SPIN_NS 5000

/* At capacity 1 values cross one at a time, and a parked process sleeps:
 * its CPU goes idle, and waking it through the eventfd and both event
 * loops took about 40 us a message on an idle 2-CPU machine, where the
 * other process, running on the other CPU, frees the slot or fills it
 * within a few. So, as Go's runtime spins before it parks while another
 * processor is running, a context with nothing else to run here, while no
 * context of any process is parked the other way (so the other side is
 * running), retries for up to CHAN_SHARED_SPIN_NS first, once per call.
 * Measured (benchmarks/s9.php --one=lockfree,2,1,1,50000): 10 to 20 times
 * the messages/s on an idle machine; with both CPUs busy with other work
 * about 1.5 times slower (the spin takes CPU the other side needs). */
static int chan_shared_spin(chan_shared *sc, int which, chan_shared_attempt attempt, void *arg)
{
	if (!sc->spin || chan_others_runnable() || atomic_load_explicit(&sc->shm->waiting[!which], memory_order_relaxed)) {
		return ATTEMPT_BLOCKED;
	}
	uint64_t end = chan_now_ns() + CHAN_SHARED_SPIN_NS;
	int r;
	do {
		for (int i = 0; i < 32; i++) {
			chan_cpu_relax();
		}
		if ((r = attempt(sc, arg)) != ATTEMPT_BLOCKED) {
			return r;
		}
	} while (chan_now_ns() < end);
	return ATTEMPT_BLOCKED;
}

/* Runs attempt until it does not block, parking the context for `which`
 * in between, with a timeout (seconds, < 0 none) and the checks every
 * blocking call makes; ATTEMPT_THROWN when an exception was thrown. */
static int chan_shared_block(chan_shared *sc, int which, double timeout, chan_shared_attempt attempt, void *arg,
                             const char *op)
{
	uint64_t deadline = timeout > 0 ? chan_now_ns() + (uint64_t) (timeout * 1e9) : 0;
	bool duty = false, spun = false;
	chan_wake why = CHAN_WAKE_NONE;
	int r;
	while ((r = chan_shared_me(sc) ? attempt(sc, arg) : ATTEMPT_THROWN) == ATTEMPT_BLOCKED) {
		chan_shared_reap(sc);
		if (chan_shared_timed_out(timeout, deadline)) {
			why = CHAN_WAKE_TIMEOUT;
			break;
		}
		if (!chan_can_block()) {
			r = ATTEMPT_THROWN;
			break;
		}
		if (!spun) {
			spun = true;
			if ((r = chan_shared_spin(sc, which, attempt, arg)) != ATTEMPT_BLOCKED) {
				break;
			}
		}
		wait_begin(sc, which);
		if ((r = attempt(sc, arg)) != ATTEMPT_BLOCKED) {
			wait_end(sc, which);
			break;
		}
		why = chan_shared_park(sc, which, deadline, &duty);
		if (why != CHAN_WAKE_OK && why != CHAN_WAKE_TIMEOUT) {
			break;
		}
		why = CHAN_WAKE_NONE;
	}
	if (duty) {
		chan_shared_promote(sc, which);
	}
	if (why != CHAN_WAKE_NONE) {
		chan_shared_raise(why, op);
		r = ATTEMPT_THROWN;
	}
	return r;
}

static int attempt_put(chan_shared *sc, void *s)
{
	if (atomic_load(&sc->shm->closed)) {
		return ATTEMPT_CLOSED;
	}
	return try_put(sc, s) ? ATTEMPT_DONE : ATTEMPT_BLOCKED;
}

static int attempt_take(chan_shared *sc, void *out)
{
	bool closed = atomic_load(&sc->shm->closed); /* before: drained after it closed */
	int got = try_take(sc, out);
	if (got) {
		return got > 0 ? ATTEMPT_DONE : ATTEMPT_THROWN;
	}
	return closed ? ATTEMPT_CLOSED : ATTEMPT_BLOCKED;
}

/* Blocking push of a serialized value; false with an exception thrown. */
static bool chan_shared_send(chan_shared *sc, zend_string *s, double timeout)
{
	int r = chan_shared_block(sc, FOR_SPACE, timeout, attempt_put, s, "push");
	if (r == ATTEMPT_CLOSED) {
		zend_throw_exception_ex(chan_ce_closed_exception, 0, "Cannot push to a closed channel");
	}
	return r == ATTEMPT_DONE;
}

/* Blocking pop: CHAN_OP_OK with a value in out, CHAN_OP_CLOSED (closed and
 * drained, nothing thrown) or CHAN_OP_WOULD_BLOCK with an exception. */
static chan_op chan_shared_recv(chan_shared *sc, zval *out, double timeout)
{
	switch (chan_shared_block(sc, FOR_ITEMS, timeout, attempt_take, out, "pop")) {
		case ATTEMPT_DONE:
			return CHAN_OP_OK;
		case ATTEMPT_CLOSED:
			return CHAN_OP_CLOSED;
		default:
			return CHAN_OP_WOULD_BLOCK;
	}
}

static void chan_shared_unmap(chan_shared *sc)
{
	if (!sc->shm) {
		return;
	}
	chan_shared_unregister(sc);
	for (int i = 0; i < 2; i++) {
		if (sc->rfd[i] >= 0) {
			chan_loop_closed(sc->rfd[i]);
			close(sc->rfd[i]);
		}
		if (sc->wfd[i] >= 0 && sc->wfd[i] != sc->rfd[i]) {
			close(sc->wfd[i]);
		}
		sc->rfd[i] = sc->wfd[i] = -1;
	}
	munmap(sc->shm, sc->map_len);
	sc->shm = NULL;
	if (sc->buf) {
		efree(sc->buf);
		sc->buf = NULL;
	}
	if (sc->prev) {
		sc->prev->next = sc->next;
	} else if (chan_shared_list == sc) {
		chan_shared_list = sc->next;
	}
	if (sc->next) {
		sc->next->prev = sc->prev;
	}
	sc->prev = sc->next = NULL;
}

static bool chan_shared_map(chan_shared *sc, zend_long capacity, bool lock)
{
	sc->ops = lock ? &chan_queue_mutex : &chan_queue_lockfree;
	size_t qlen = sc->ops->footprint((size_t) capacity, sizeof(chan_cell) + (size_t) sc->slot_size);
	if (!qlen || qlen > SIZE_MAX - CHAN_SHM_QUEUE) {
		zend_argument_value_error(
		    1, "is too large: a channel of " ZEND_LONG_FMT " slots of " ZEND_LONG_FMT " bytes cannot be mapped",
		    capacity, sc->slot_size);
		return false;
	}
	sc->map_len = CHAN_SHM_QUEUE + qlen;
	void *m = mmap(NULL, sc->map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		zend_argument_value_error(
		    1, "is too large: a channel of " ZEND_LONG_FMT " slots of " ZEND_LONG_FMT " bytes cannot be mapped: %s",
		    capacity, sc->slot_size, strerror(errno));
		return false;
	}
	sc->shm = m;
	pthread_mutexattr_t attr;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	for (int i = 0; i < CHAN_SHM_PROCS; i++) {
		pthread_mutex_init(&sc->shm->procs[i].alive, &attr);
	}
	pthread_mutexattr_destroy(&attr);
	sc->q = sc->ops->init((char *) m + CHAN_SHM_QUEUE, (size_t) capacity, sizeof(chan_cell) + (size_t) sc->slot_size);
	sc->spin = capacity == 1 && chan_ncpu > 1;
	bool fds = true;
	for (int i = 0; i < 2; i++) {
#ifdef __linux__
		sc->rfd[i] = sc->wfd[i] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		fds = fds && sc->rfd[i] >= 0;
#else
		int p[2];
		if (pipe(p) == 0) {
			for (int j = 0; j < 2; j++) {
				fcntl(p[j], F_SETFL, fcntl(p[j], F_GETFL) | O_NONBLOCK);
				fcntl(p[j], F_SETFD, FD_CLOEXEC);
			}
			sc->rfd[i] = p[0], sc->wfd[i] = p[1];
		} else {
			sc->rfd[i] = sc->wfd[i] = -1;
			fds = false;
		}
#endif
	}
	if (!sc->q || !fds) {
		zend_throw_error(chan_ce_error, "Chan\\SharedChannel::__construct(): %s", strerror(errno));
		chan_shared_unmap(sc);
		return false;
	}
	sc->buf = emalloc(sizeof(uint32_t) + (size_t) sc->slot_size);
	sc->key = (chan_shared_keys += 2);
	sc->next = chan_shared_list;
	if (sc->next) {
		sc->next->prev = sc;
	}
	chan_shared_list = sc;
	if (!chan_shared_register(sc)) {
		zend_throw_error(chan_ce_error, "Chan\\SharedChannel::__construct(): no registry entry");
		chan_shared_unmap(sc);
		return false;
	}
	return true;
}

#endif /* !PHP_WIN32 */

/* --- object handlers -------------------------------------------------- */

static zend_object *chan_shared_create(zend_class_entry *ce)
{
	chan_shared *sc = zend_object_alloc(sizeof(chan_shared), ce);
	zend_object_std_init(&sc->std, ce);
	object_properties_init(&sc->std, ce);
	sc->std.handlers = &chan_shared_handlers;
#ifndef PHP_WIN32
	sc->rfd[0] = sc->rfd[1] = sc->wfd[0] = sc->wfd[1] = -1;
#endif
	return &sc->std;
}

static void chan_shared_free(zend_object *obj)
{
#ifndef PHP_WIN32
	chan_shared_unmap(chan_shared_from_obj(obj));
#endif
	zend_object_std_dtor(obj);
}

/* --- methods ------------------------------------------------------------ */

ZEND_METHOD(Chan_SharedChannel, __construct)
{
	zend_long capacity, slot_size = 4096;
	bool lock = false;

	ZEND_PARSE_PARAMETERS_START(1, 3)
	Z_PARAM_LONG(capacity)
	Z_PARAM_OPTIONAL
	Z_PARAM_BOOL(lock)
	Z_PARAM_LONG(slot_size)
	ZEND_PARSE_PARAMETERS_END();

	chan_shared *sc = THIS_SHARED();
	if (sc->slot_size) {
		zend_throw_error(chan_ce_error, "Chan\\SharedChannel is constructed already");
		RETURN_THROWS();
	}
	if (capacity < 1) {
		zend_argument_value_error(1, "must be greater than or equal to 1");
		RETURN_THROWS();
	}
	if (slot_size < 1 || slot_size > INT32_MAX) {
		zend_argument_value_error(3, "must be between 1 and %d", INT32_MAX);
		RETURN_THROWS();
	}
#ifdef PHP_WIN32
	(void) lock;
	zend_throw_error(chan_ce_error, "Chan\\SharedChannel needs fork(): not available on Windows");
	RETURN_THROWS();
#else
	sc->slot_size = slot_size;
	if (!chan_shared_map(sc, capacity, lock)) {
		sc->slot_size = 0;
		RETURN_THROWS();
	}
	zend_update_property_long(chan_ce_shared_channel, Z_OBJ_P(ZEND_THIS), "capacity", sizeof("capacity") - 1, capacity);
#endif
}

#ifndef PHP_WIN32

/* The constructed channel, or NULL with Chan\Error thrown. */
static chan_shared *chan_shared_this(zend_execute_data *execute_data)
{
	chan_shared *sc = THIS_SHARED();
	if (!sc->shm) {
		zend_throw_error(chan_ce_error, "Chan\\SharedChannel is not constructed");
		return NULL;
	}
	return chan_shared_me(sc) ? sc : NULL;
}

/* The constructed channel of this method call, or return with Chan\Error. */
#define SHARED_THIS(sc)                                                                                                \
	chan_shared *sc = chan_shared_this(execute_data);                                                                  \
	if (!sc) {                                                                                                         \
		RETURN_THROWS();                                                                                               \
	}

ZEND_METHOD(Chan_SharedChannel, push)
{
	zval *value;
	double seconds = 0;
	bool is_null = true;

	ZEND_PARSE_PARAMETERS_START(1, 2)
	Z_PARAM_ZVAL(value)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	double timeout;
	if (!chan_timeout_arg(2, seconds, is_null, &timeout)) {
		RETURN_THROWS();
	}
	chan_shared *sc = chan_shared_this(execute_data);
	if (!sc || !chan_checkpoint()) {
		RETURN_THROWS();
	}
	zend_string *s = chan_shared_serialize(sc, value);
	if (!s) {
		RETURN_THROWS();
	}
	chan_shared_send(sc, s, timeout);
	zend_string_release(s);
}

ZEND_METHOD(Chan_SharedChannel, pop)
{
	double seconds = 0;
	bool is_null = true;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_DOUBLE_OR_NULL(seconds, is_null)
	ZEND_PARSE_PARAMETERS_END();

	double timeout;
	if (!chan_timeout_arg(1, seconds, is_null, &timeout)) {
		RETURN_THROWS();
	}
	chan_shared *sc = chan_shared_this(execute_data);
	if (!sc || !chan_checkpoint()) {
		RETURN_THROWS();
	}
	chan_op r = chan_shared_recv(sc, return_value, timeout);
	if (r == CHAN_OP_CLOSED) {
		zend_throw_exception_ex(chan_ce_closed_exception, 0, "Cannot pop from a closed and empty channel");
	}
}

ZEND_METHOD(Chan_SharedChannel, tryPush)
{
	zval *value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
	Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	SHARED_THIS(sc);
	if (!atomic_load(&sc->shm->closed)) {
		zend_string *s = chan_shared_serialize(sc, value);
		if (!s) {
			RETURN_THROWS();
		}
		int r = attempt_put(sc, s);
		if (r == ATTEMPT_BLOCKED) {
			chan_shared_reap(sc);
			r = attempt_put(sc, s);
		}
		zend_string_release(s);
		if (r != ATTEMPT_CLOSED) {
			RETURN_BOOL(r == ATTEMPT_DONE);
		}
	}
	/* as Channel::tryPush(): a send on a closed channel is an error, not a full buffer */
	zend_throw_exception_ex(chan_ce_closed_exception, 0, "Cannot push to a closed channel");
}

ZEND_METHOD(Chan_SharedChannel, tryPop)
{
	zval *ref = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
	Z_PARAM_OPTIONAL
	Z_PARAM_ZVAL(ref)
	ZEND_PARSE_PARAMETERS_END();

	SHARED_THIS(sc);
	zval v;
	int r = try_take(sc, &v);
	if (r == 0) {
		chan_shared_reap(sc);
		r = try_take(sc, &v);
	}
	if (r < 0) {
		RETURN_THROWS();
	}
	if (r == 0) {
		RETURN_FALSE;
	}
	if (ref && UNEXPECTED(ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(ref)))) {
		zval copy;
		ZVAL_COPY(&copy, &v);
		bool fits = zend_verify_ref_assignable_zval(Z_REF_P(ref), &copy, ZEND_ARG_USES_STRICT_TYPES());
		zval_ptr_dtor(&copy);
		if (!fits) {
			/* Back to the channel's tail, where it can go: no value is lost. */
			zend_object *e = EG(exception);
			EG(exception) = NULL;
			zend_string *back = chan_shared_serialize(sc, &v);
			if (back && !try_put(sc, back)) {
				chan_shared_send(sc, back, -1);
			}
			if (back) {
				zend_string_release(back);
			}
			if (EG(exception)) {
				zend_exception_set_previous(EG(exception), e);
			} else {
				EG(exception) = e;
			}
			zval_ptr_dtor(&v);
			RETURN_THROWS();
		}
	}
	if (ref) {
		ZEND_TRY_ASSIGN_REF_VALUE(ref, &v);
	} else {
		zval_ptr_dtor(&v);
	}
	RETURN_TRUE;
}

ZEND_METHOD(Chan_SharedChannel, close)
{
	ZEND_PARSE_PARAMETERS_NONE();
	SHARED_THIS(sc);
	uint32_t was = atomic_exchange(&sc->shm->closed, 1);
	if (!was) {
		token_post(sc, FOR_ITEMS, CHAN_SHM_CLOSE);
		token_post(sc, FOR_SPACE, CHAN_SHM_CLOSE);
	}
	RETURN_BOOL(!was);
}

ZEND_METHOD(Chan_SharedChannel, isClosed)
{
	ZEND_PARSE_PARAMETERS_NONE();
	SHARED_THIS(sc);
	RETURN_BOOL(atomic_load(&sc->shm->closed));
}

ZEND_METHOD(Chan_SharedChannel, count)
{
	ZEND_PARSE_PARAMETERS_NONE();
	SHARED_THIS(sc);
	RETURN_LONG((zend_long) sc->ops->length(sc->q));
}

ZEND_METHOD(Chan_SharedChannel, stats)
{
	ZEND_PARSE_PARAMETERS_NONE();
	SHARED_THIS(sc);
	chan_shared_reap(sc);
	chan_shm *shm = sc->shm;
	zend_long procs = 0;
	uint32_t used = atomic_load(&shm->used);
	for (uint32_t i = 0; i < used; i++) {
		procs += atomic_load(&shm->procs[i].pid) != 0;
	}
	array_init(return_value);
	add_assoc_long(return_value, "capacity", (zend_long) sc->ops->capacity(sc->q));
	add_assoc_long(return_value, "length", (zend_long) sc->ops->length(sc->q));
	add_assoc_long(return_value, "pushers", atomic_load(&shm->waiting[FOR_SPACE]));
	add_assoc_long(return_value, "poppers", atomic_load(&shm->waiting[FOR_ITEMS]));
	add_assoc_bool(return_value, "closed", atomic_load(&shm->closed));
	add_assoc_string(return_value, "queue", (char *) sc->ops->name);
	add_assoc_long(return_value, "slot_size", sc->slot_size);
	add_assoc_long(return_value, "processes", procs);
}

#else /* PHP_WIN32: no fork(); the constructor has thrown already */

#define CHAN_SHARED_STUB(name)                                                                                         \
	ZEND_METHOD(Chan_SharedChannel, name)                                                                              \
	{                                                                                                                  \
		zend_throw_error(chan_ce_error, "Chan\\SharedChannel needs fork(): not available on Windows");                 \
		RETURN_THROWS();                                                                                               \
	}
CHAN_SHARED_STUB(push)
CHAN_SHARED_STUB(pop)
CHAN_SHARED_STUB(tryPush)
CHAN_SHARED_STUB(tryPop)
CHAN_SHARED_STUB(close)
CHAN_SHARED_STUB(isClosed)
CHAN_SHARED_STUB(count)
CHAN_SHARED_STUB(stats)

#endif

void chan_shared_minit(void)
{
	chan_ce_shared_channel->create_object = chan_shared_create;
	memcpy(&chan_shared_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	chan_shared_handlers.offset = offsetof(chan_shared, std);
	chan_shared_handlers.free_obj = chan_shared_free;
	chan_shared_handlers.clone_obj = NULL;
#ifndef PHP_WIN32
	pthread_atfork(NULL, NULL, chan_shared_atfork_child);
	chan_ncpu = sysconf(_SC_NPROCESSORS_ONLN);
#endif
}
