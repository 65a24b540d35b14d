/*
 * queue_test.c - plain-C tests for both chan_queue engines.
 *
 * Part 1 checks each engine single-threaded against expected values that the
 * test computes on its own (a counter model), never against the queue's own
 * output. Part 2 stresses each engine with P producer and P consumer threads
 * and checks that every value comes out exactly once and that each consumer
 * sees each producer's values in order.
 *
 * Usage: queue_test [N]   (N = values per stress run, default 10,000,000)
 * Last line: "N passed, M failed"; exit status 1 if any check failed.
 */
#define _POSIX_C_SOURCE 200809L

#include "../../chan_queue.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_N   10000000ULL
#define STRESS_CAP  1024
#define SEQ_BITS    48
#define SEQ_MASK    ((UINT64_C(1) << SEQ_BITS) - 1)
#define CHECK_MAGIC UINT64_C(0x9e3779b97f4a7c15)
#define COUNT_BATCH 256
#define CACHE_LINE  64

static const chan_queue_ops *const engines[] = {&chan_queue_lockfree, &chan_queue_mutex};
#define ENGINE_COUNT (sizeof(engines) / sizeof(engines[0]))

static unsigned checks_passed;
static unsigned checks_failed;

/* Records one check; prints the failure with its engine and message. */
static void check(const chan_queue_ops *ops, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void check(const chan_queue_ops *ops, int ok, const char *fmt, ...)
{
	if (ok) {
		checks_passed++;
		return;
	}
	checks_failed++;
	va_list ap;
	va_start(ap, fmt);
	printf("FAIL %s: ", ops->name);
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
}

/*
 * A queue that livelocks would hang the test forever; each step runs under an
 * alarm instead, and running out of time fails the whole program.
 */
static char watchdog_step[64] = "start";

/* Appends the decimal digits of v to buf (async-signal-safe); returns the new end. */
static char *put_uint(char *buf, unsigned v)
{
	char tmp[16];
	int n = 0;
	do {
		tmp[n++] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		*buf++ = tmp[--n];
	}
	return buf;
}

static void watchdog_fired(int sig)
{
	(void) sig;
	char buf[256], *e = buf;
	static const char msg[] = "FAIL: watchdog: a step took too long (hang or livelock?): ";
	size_t len = strlen(watchdog_step);
	memcpy(e, msg, sizeof(msg) - 1);
	e += sizeof(msg) - 1;
	memcpy(e, watchdog_step, len);
	e += len;
	*e++ = '\n';
	/* The hang counts as one more failed check; nothing after it ran. */
	e = put_uint(e, checks_passed);
	memcpy(e, " passed, ", 9);
	e = put_uint(e + 9, checks_failed + 1);
	memcpy(e, " failed\n", 8);
	e += 8;
	ssize_t r = write(STDOUT_FILENO, buf, (size_t) (e - buf));
	(void) r;
	_exit(1);
}

static void watchdog(unsigned seconds, const char *engine, const char *step, unsigned p)
{
	alarm(0);
	if (p) {
		snprintf(watchdog_step, sizeof(watchdog_step), "%s %s P=%u", engine, step, p);
	} else {
		snprintf(watchdog_step, sizeof(watchdog_step), "%s %s", engine, step);
	}
	alarm(seconds);
}

/* The value v as a slot; both words carry it so a torn copy is caught. */
static chan_slot make_slot(uint64_t v)
{
	chan_slot s;
	s.w[0] = v;
	s.w[1] = v ^ CHECK_MAGIC;
	return s;
}

static int slot_is(const chan_slot *s, uint64_t v)
{
	return s->w[0] == v && s->w[1] == (v ^ CHECK_MAGIC);
}

/* ---------------------------------------------------------------------------
 * Single-thread checks
 * ------------------------------------------------------------------------- */

/* A counter model of a FIFO: it holds the values [next_pop, next_push). */
typedef struct model {
	uint64_t next_push;
	uint64_t next_pop;
	size_t cap;
} model;

static size_t model_len(const model *m)
{
	return (size_t) (m->next_push - m->next_pop);
}

typedef struct visit_rec {
	uint64_t expect; /* next value visit() should hand over */
	size_t calls;
	size_t bad; /* calls whose slot was not the expected value */
	uint64_t first_bad_got;
	size_t first_bad_at;
} visit_rec;

static void visit_fn(chan_slot *slot, void *arg)
{
	visit_rec *r = arg;
	if (!slot_is(slot, r->expect)) {
		if (r->bad++ == 0) {
			r->first_bad_got = slot->w[0];
			r->first_bad_at = r->calls;
		}
	}
	r->expect++;
	r->calls++;
}

/* visit() must walk exactly the model's values, oldest first. */
static void check_visit(const chan_queue_ops *ops, chan_queue *q, const model *m, const char *what)
{
	visit_rec r = {.expect = m->next_pop};
	ops->visit(q, visit_fn, &r);
	check(ops, r.calls == model_len(m) && r.bad == 0,
	      "visit %s: %zu calls (want %zu), %zu wrong values (first: got %" PRIu64 " at call %zu)", what, r.calls,
	      model_len(m), r.bad, r.first_bad_got, r.first_bad_at);
}

/*
 * Pushes until the queue refuses, then pops until it refuses, starting with
 * `pre` values already cycled through (so head/tail are offset). Checks that
 * exactly cap pushes and cap pops succeed, in FIFO order, with length()
 * following along.
 */
static void check_capacity(const chan_queue_ops *ops, size_t cap, size_t pre)
{
	chan_queue *q = ops->create(cap);
	check(ops, q != NULL, "create(%zu) returned NULL", cap);
	if (!q) {
		return;
	}
	check(ops, ops->capacity(q) == cap, "capacity() = %zu, want %zu", ops->capacity(q), cap);
	check(ops, ops->length(q) == 0, "fresh cap %zu: length() = %zu, want 0", cap, ops->length(q));

	chan_slot out;
	uint64_t v = 1000;
	/* Offset head and tail by `pre` positions. */
	int pre_ok = 1;
	for (size_t i = 0; i < pre; i++) {
		chan_slot in = make_slot(v);
		memset(&out, 0, sizeof(out));
		if (!ops->push(q, &in) || !ops->pop(q, &out) || !slot_is(&out, v)) {
			pre_ok = 0;
		}
		v++;
	}
	check(ops, pre_ok, "cap %zu: %zu single push/pop pairs did not round-trip", cap, pre);

	/* Fill: push must succeed exactly cap times. Keep going past cap a bit. */
	uint64_t first = v;
	size_t pushed = 0, len_bad = 0;
	for (size_t i = 0; i < cap + 3; i++) {
		chan_slot in = make_slot(v);
		if (ops->push(q, &in)) {
			pushed++;
			v++;
		}
		if (ops->length(q) != (pushed < cap ? pushed : cap)) {
			len_bad++;
		}
	}
	check(ops, pushed == cap, "cap %zu (offset %zu): %zu pushes succeeded, want exactly %zu", cap, pre, pushed, cap);
	check(ops, len_bad == 0, "cap %zu (offset %zu): length() wrong after %zu of %zu pushes", cap, pre, len_bad,
	      cap + 3);

	model m = {.next_push = first + (pushed < cap ? pushed : cap), .next_pop = first, .cap = cap};
	if (pushed == cap) {
		check_visit(ops, q, &m, "full queue");
	}

	/* Drain: pop must succeed exactly cap times, in order. */
	size_t popped = 0, order_bad = 0;
	len_bad = 0;
	for (size_t i = 0; i < cap + 3; i++) {
		memset(&out, 0, sizeof(out));
		if (ops->pop(q, &out)) {
			if (!slot_is(&out, first + popped)) {
				order_bad++;
			}
			popped++;
		}
		size_t want = popped >= cap ? 0 : cap - popped;
		if (ops->length(q) != want) {
			len_bad++;
		}
	}
	check(ops, popped == cap, "cap %zu (offset %zu): %zu pops succeeded, want exactly %zu", cap, pre, popped, cap);
	check(ops, order_bad == 0, "cap %zu (offset %zu): %zu values popped out of FIFO order", cap, pre, order_bad);
	check(ops, len_bad == 0, "cap %zu (offset %zu): length() wrong during drain (%zu times)", cap, pre, len_bad);
	check(ops, ops->length(q) == 0, "cap %zu: length() = %zu after drain", cap, ops->length(q));
	m.next_pop = m.next_push;
	check_visit(ops, q, &m, "drained queue");
	ops->destroy(q);
}

/* Wraparound: `rounds` push/pop pairs with `fill` values always buffered. */
static void check_wraparound(const chan_queue_ops *ops, size_t cap, size_t fill, size_t rounds)
{
	chan_queue *q = ops->create(cap);
	check(ops, q != NULL, "create(%zu) returned NULL", cap);
	if (!q) {
		return;
	}
	model m = {.cap = cap};
	chan_slot out;
	size_t bad = 0;
	for (size_t i = 0; i < fill; i++) {
		chan_slot in = make_slot(m.next_push);
		if (ops->push(q, &in)) {
			m.next_push++;
		} else {
			bad++;
		}
	}
	for (size_t r = 0; r < rounds && bad < 10; r++) {
		chan_slot in = make_slot(m.next_push);
		if (!ops->push(q, &in)) {
			bad++;
			continue;
		}
		m.next_push++;
		memset(&out, 0, sizeof(out));
		if (!ops->pop(q, &out)) {
			bad++;
			continue;
		}
		if (!slot_is(&out, m.next_pop)) {
			bad++;
		}
		m.next_pop++;
		if (ops->length(q) != model_len(&m)) {
			bad++;
		}
	}
	check(ops, bad == 0, "wraparound cap %zu fill %zu: %zu errors in %zu rounds", cap, fill, bad, rounds);
	check_visit(ops, q, &m, "after wraparound");
	/* The buffered values must still come out in order. */
	size_t tail_bad = 0;
	while (model_len(&m) > 0) {
		memset(&out, 0, sizeof(out));
		if (!ops->pop(q, &out) || !slot_is(&out, m.next_pop)) {
			tail_bad++;
			break;
		}
		m.next_pop++;
	}
	check(ops, tail_bad == 0 && !ops->pop(q, &out), "wraparound cap %zu: final drain wrong", cap);
	ops->destroy(q);
}

/* Visit after wraparound with a part-filled queue whose values straddle the ring's end. */
static void check_visit_wrapped(const chan_queue_ops *ops, size_t cap)
{
	chan_queue *q = ops->create(cap);
	check(ops, q != NULL, "create(%zu) returned NULL", cap);
	if (!q) {
		return;
	}
	model m = {.cap = cap};
	chan_slot out;
	int ok = 1;
	/* Push cap-1, pop cap-2, push cap-2: buffered values wrap past the end. */
	for (size_t i = 0; i + 1 < cap; i++) {
		chan_slot in = make_slot(m.next_push);
		ok &= ops->push(q, &in);
		m.next_push++;
	}
	for (size_t i = 0; i + 2 < cap; i++) {
		ok &= ops->pop(q, &out) && slot_is(&out, m.next_pop);
		m.next_pop++;
	}
	for (size_t i = 0; i + 2 < cap; i++) {
		chan_slot in = make_slot(m.next_push);
		ok &= ops->push(q, &in);
		m.next_push++;
	}
	check(ops, ok, "visit setup on cap %zu failed", cap);
	check(ops, ops->length(q) == model_len(&m), "cap %zu: length() = %zu, want %zu", cap, ops->length(q),
	      model_len(&m));
	check_visit(ops, q, &m, "wrapped part-full queue");
	/* visit() must not consume: the same values pop afterwards. */
	size_t bad = 0;
	while (model_len(&m) > 0) {
		if (!ops->pop(q, &out) || !slot_is(&out, m.next_pop)) {
			bad++;
			break;
		}
		m.next_pop++;
	}
	check(ops, bad == 0, "cap %zu: values after visit() wrong", cap);
	ops->destroy(q);
}

/* Random pushes and pops against the counter model. */
static void check_random(const chan_queue_ops *ops, size_t cap, size_t steps, uint64_t seed)
{
	chan_queue *q = ops->create(cap);
	check(ops, q != NULL, "create(%zu) returned NULL", cap);
	if (!q) {
		return;
	}
	model m = {.cap = cap};
	uint64_t x = seed;
	size_t bad = 0;
	chan_slot out;
	for (size_t i = 0; i < steps && bad < 10; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		/* Bias toward filling in one half, toward draining in the other. */
		int want_push = ((x >> 33) % 100) < ((i / 1000) % 2 ? 65u : 35u);
		if (want_push) {
			chan_slot in = make_slot(m.next_push);
			int ok = ops->push(q, &in);
			if (ok != (model_len(&m) < cap)) {
				bad++;
			}
			if (ok) {
				m.next_push++;
			}
		} else {
			memset(&out, 0, sizeof(out));
			int ok = ops->pop(q, &out);
			if (ok != (model_len(&m) > 0)) {
				bad++;
			}
			if (ok) {
				if (!slot_is(&out, m.next_pop)) {
					bad++;
				}
				m.next_pop++;
			}
		}
		if (ops->length(q) != model_len(&m)) {
			bad++;
		}
	}
	check(ops, bad == 0, "random ops on cap %zu: %zu mismatches with the model", cap, bad);
	check_visit(ops, q, &m, "after random ops");
	ops->destroy(q);
}

static void unit_tests(const chan_queue_ops *ops)
{
	unsigned failed_before = checks_failed, total_before = checks_passed + checks_failed;

	check(ops, ops->create(0) == NULL, "create(0) did not return NULL");

	static const size_t caps[] = {1, 2, 3, 1000, 1024};
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		check_capacity(ops, caps[i], 0);
		check_capacity(ops, caps[i], caps[i] / 2 + 1); /* head/tail mid-ring */
		check_capacity(ops, caps[i], 3 * caps[i]);     /* several laps done */
	}

	check_wraparound(ops, 3, 0, 100000);
	check_wraparound(ops, 3, 2, 100000);
	check_wraparound(ops, 1, 0, 100000);
	check_wraparound(ops, 2, 1, 100000);
	check_wraparound(ops, 1024, 1000, 100000);

	check_visit_wrapped(ops, 3);
	check_visit_wrapped(ops, 7);
	check_visit_wrapped(ops, 8);
	check_visit_wrapped(ops, 1000);

	static const size_t rcaps[] = {1, 2, 3, 7, 16, 100};
	for (size_t i = 0; i < sizeof(rcaps) / sizeof(rcaps[0]); i++) {
		check_random(ops, rcaps[i], 200000, 12345 + i);
	}

	unsigned total = checks_passed + checks_failed - total_before;
	printf("%-8s unit checks: %u run, %u failed\n", ops->name, total, checks_failed - failed_before);
	fflush(stdout);
}

/* ---------------------------------------------------------------------------
 * Multi-thread stress
 * ------------------------------------------------------------------------- */

typedef struct stress_run stress_run;

typedef struct producer {
	stress_run *run;
	uint64_t id;
	uint64_t count; /* values this producer sends: seq 0 .. count-1 */
} producer;

typedef struct consumer {
	alignas(CACHE_LINE) stress_run *run;
	int64_t *last;      /* per producer: last sequence seen, -1 before */
	uint64_t *seen;     /* bitmap, laid out like stress_run.offset */
	uint64_t received;  /* values popped by this consumer */
	uint64_t unordered; /* values not strictly after the previous one from the same producer */
	uint64_t corrupt;   /* values with a bad check word or out-of-range id/sequence */
	char pad[CACHE_LINE];
} consumer;

struct stress_run {
	const chan_queue_ops *ops;
	chan_queue *q;
	unsigned p;
	uint64_t n;
	pthread_barrier_t start;
	alignas(CACHE_LINE) atomic_uint_fast64_t consumed;
	atomic_uint producers_done;
	char pad[CACHE_LINE];
	producer *prods;
	uint64_t *offset; /* per producer: first bitmap word */
	size_t words;     /* bitmap words in all */
};

static void *producer_main(void *arg)
{
	producer *pr = arg;
	chan_queue *q = pr->run->q;
	const chan_queue_ops *ops = pr->run->ops;
	pthread_barrier_wait(&pr->run->start);
	for (uint64_t seq = 0; seq < pr->count; seq++) {
		chan_slot in = make_slot(pr->id << SEQ_BITS | seq);
		while (!ops->push(q, &in)) {
			sched_yield();
		}
	}
	atomic_fetch_add_explicit(&pr->run->producers_done, 1, memory_order_release);
	return NULL;
}

static void *consumer_main(void *arg)
{
	consumer *c = arg;
	stress_run *run = c->run;
	chan_queue *q = run->q;
	const chan_queue_ops *ops = run->ops;
	uint64_t unflushed = 0;
	int producers_finished = 0; /* seen before the latest pop attempt */
	chan_slot out;

	pthread_barrier_wait(&run->start);
	for (;;) {
		if (ops->pop(q, &out)) {
			uint64_t v = out.w[0];
			uint64_t id = v >> SEQ_BITS, seq = v & SEQ_MASK;
			if (out.w[1] != (v ^ CHECK_MAGIC) || id >= run->p || seq >= run->prods[id].count) {
				c->corrupt++;
			} else {
				if ((int64_t) seq <= c->last[id]) {
					c->unordered++;
				}
				c->last[id] = (int64_t) seq;
				c->seen[run->offset[id] + seq / 64] |= UINT64_C(1) << (seq % 64);
			}
			c->received++;
			/* Publish the count in batches so the shared counter is not a second hot spot. */
			if (++unflushed == COUNT_BATCH) {
				atomic_fetch_add_explicit(&run->consumed, unflushed, memory_order_relaxed);
				unflushed = 0;
			}
			continue;
		}
		/* Queue looked empty: publish what we have, stop once everything is consumed. */
		if (unflushed) {
			atomic_fetch_add_explicit(&run->consumed, unflushed, memory_order_relaxed);
			unflushed = 0;
		}
		if (atomic_load_explicit(&run->consumed, memory_order_relaxed) >= run->n) {
			break;
		}
		/*
		 * Safety net for a broken queue that loses values: a pop that fails
		 * after every producer had returned means the queue is drained for
		 * good, so stop instead of waiting forever for a count that will never
		 * be reached. The checks after the join then report what is missing.
		 */
		if (producers_finished) {
			break;
		}
		producers_finished = atomic_load_explicit(&run->producers_done, memory_order_acquire) == run->p;
		sched_yield();
	}
	return NULL;
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);
	if (!p) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	return p;
}

static void stress(const chan_queue_ops *ops, unsigned p, uint64_t n)
{
	stress_run run;
	memset(&run, 0, sizeof(run));
	run.ops = ops;
	run.p = p;
	run.n = n;
	atomic_init(&run.consumed, 0);
	atomic_init(&run.producers_done, 0);
	run.q = ops->create(STRESS_CAP);
	check(ops, run.q != NULL, "create(%d) returned NULL", STRESS_CAP);
	if (!run.q) {
		return;
	}
	run.prods = xcalloc(p, sizeof(producer));
	run.offset = xcalloc(p, sizeof(uint64_t));
	for (unsigned i = 0; i < p; i++) {
		run.prods[i].run = &run;
		run.prods[i].id = i;
		run.prods[i].count = n / p + (i < n % p ? 1 : 0);
		run.offset[i] = run.words;
		run.words += (run.prods[i].count + 63) / 64;
	}
	consumer *cons = aligned_alloc(CACHE_LINE, p * sizeof(consumer));
	if (!cons) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(cons, 0, p * sizeof(consumer));
	for (unsigned i = 0; i < p; i++) {
		cons[i].run = &run;
		cons[i].last = xcalloc(p, sizeof(int64_t));
		for (unsigned j = 0; j < p; j++) {
			cons[i].last[j] = -1;
		}
		cons[i].seen = xcalloc(run.words ? run.words : 1, sizeof(uint64_t));
	}

	pthread_t *threads = xcalloc(2 * p, sizeof(pthread_t));
	pthread_barrier_init(&run.start, NULL, 2 * p + 1);
	for (unsigned i = 0; i < p; i++) {
		int err = pthread_create(&threads[i], NULL, producer_main, &run.prods[i]);
		err = err ? err : pthread_create(&threads[p + i], NULL, consumer_main, &cons[i]);
		if (err) {
			fprintf(stderr, "pthread_create: %s\n", strerror(err));
			exit(2);
		}
	}
	pthread_barrier_wait(&run.start);
	double t0 = now_seconds();
	for (unsigned i = 0; i < 2 * p; i++) {
		pthread_join(threads[i], NULL);
	}
	double elapsed = now_seconds() - t0;
	pthread_barrier_destroy(&run.start);

	/* Merge the consumers' records. */
	uint64_t received = 0, unordered = 0, corrupt = 0, dups = 0, distinct = 0;
	uint64_t *all = xcalloc(run.words ? run.words : 1, sizeof(uint64_t));
	for (unsigned i = 0; i < p; i++) {
		received += cons[i].received;
		unordered += cons[i].unordered;
		corrupt += cons[i].corrupt;
		for (size_t w = 0; w < run.words; w++) {
			dups += (uint64_t) __builtin_popcountll(all[w] & cons[i].seen[w]);
			all[w] |= cons[i].seen[w];
		}
	}
	for (size_t w = 0; w < run.words; w++) {
		distinct += (uint64_t) __builtin_popcountll(all[w]);
	}
	uint64_t missing = n - distinct;

	unsigned failed_before = checks_failed;
	check(ops, corrupt == 0, "P=%u: %" PRIu64 " corrupt values", p, corrupt);
	check(ops, received == n && dups == 0 && missing == 0,
	      "P=%u: %" PRIu64 " received of %" PRIu64 ", %" PRIu64 " duplicated, %" PRIu64 " missing", p, received, n,
	      dups, missing);
	check(ops, unordered == 0, "P=%u: %" PRIu64 " values out of per-producer order", p, unordered);
	chan_slot out;
	check(ops, ops->length(run.q) == 0 && !ops->pop(run.q, &out), "P=%u: queue not empty after the run", p);

	printf("%-8s P=%u C=%u  %" PRIu64 " msgs  %.1f Mmsg/s  %s\n", ops->name, p, p, n,
	       elapsed > 0 ? (double) n / elapsed / 1e6 : 0.0, checks_failed == failed_before ? "ok" : "FAIL");
	fflush(stdout);

	free(all);
	for (unsigned i = 0; i < p; i++) {
		free(cons[i].last);
		free(cons[i].seen);
	}
	free(cons);
	free(threads);
	free(run.offset);
	free(run.prods);
	ops->destroy(run.q);
}

int main(int argc, char **argv)
{
	uint64_t n = DEFAULT_N;
	if (argc > 1) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(argv[1], &end, 10);
		if (errno || *end || end == argv[1] || v == 0 || v > SEQ_MASK) {
			fprintf(stderr, "usage: %s [N]  (1 <= N < 2^%d)\n", argv[0], SEQ_BITS);
			return 2;
		}
		n = v;
	}

	signal(SIGALRM, watchdog_fired);
	for (size_t e = 0; e < ENGINE_COUNT; e++) {
		watchdog(120, engines[e]->name, "unit checks", 0);
		unit_tests(engines[e]);
	}
	static const unsigned ps[] = {1, 2, 4, 8};
	/* Generous: over ten times the slowest run seen here, ThreadSanitizer included. */
	unsigned stress_seconds = 60 + (unsigned) (n / 50000);
	for (size_t e = 0; e < ENGINE_COUNT; e++) {
		for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
			watchdog(stress_seconds, engines[e]->name, "stress", ps[i]);
			stress(engines[e], ps[i], n);
		}
	}
	alarm(0);

	printf("%u passed, %u failed\n", checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}
