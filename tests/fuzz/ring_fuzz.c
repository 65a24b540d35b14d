/*
 * ring_fuzz.c - fuzz harness for the chan_queue engines (chan_lockfree.c,
 * chan_mutex.c) behind the chan_queue.h interface.
 *
 * Two builds of this one file (see the Makefile beside it):
 *   - libFuzzer: clang -fsanitize=fuzzer,address,undefined; the fuzzer calls
 *     LLVMFuzzerTestOneInput() with its inputs.
 *   - standalone (-DRING_FUZZ_STANDALONE): a plain main() that replays corpus
 *     files and then N random inputs from a seed, so the same checks run under
 *     ThreadSanitizer (which cannot be combined with libFuzzer's ASan build).
 *
 * Input layout
 *   byte 0   bit 0: engine (0 lockfree, 1 mutex)
 *            bit 1: mode (0 single-threaded against a model, 1 threaded)
 *            bits 2..7 % 3: threads - 2 (threaded mode: 2..4 threads)
 *   byte 1   capacity - 1 (mod 64: capacity 1..64)
 *   byte 2.. the script, one operation a byte:
 *            op = b % 8: 0..2 push, 3..5 pop, 6 length, 7 quiescent point
 *            rep = 1 + b / 8 (1..32): the operation is done rep times
 *            (a quiescent point is done once).
 *
 * Single-threaded mode runs the script in order against a plain array model
 * and checks every result exactly: push succeeds iff the model has room, pop
 * returns exactly the model's oldest value (all 16 bytes), length and
 * capacity match, and at each quiescent point visit() walks exactly the
 * model's values, oldest first.
 *
 * Threaded mode cuts the script into phases at the quiescent points; in each
 * phase every thread runs its own contiguous slice of that phase's bytes, all
 * threads released together by a barrier. Each thread is a producer and a
 * consumer: a pushed value encodes (producer id, per-producer sequence) in
 * w[0] and a hash of w[0] in w[1], so a torn or corrupted slot is caught.
 * Checked while running: every popped value is intact, names a real producer
 * and a sequence that producer has already started pushing, is popped once
 * only (a shared bitmap), and each consumer sees each producer's values in
 * increasing order; length() never exceeds the capacity. Checked at each
 * quiescent point (all threads parked on the barrier): length() equals pushes
 * minus pops; visit() hands over exactly that many values, and for every
 * producer they are the contiguous run of sequences [k, pushed) in order
 * while the popped ones are exactly [0, k) (a FIFO can only have popped a
 * prefix of a producer's values: no loss, no duplicate, no reordering). At
 * the end: a drain pops exactly what visit() showed, in the same order, and
 * the drained queue still fills to exactly its capacity and empties in order.
 *
 * A failed check prints what failed and aborts: libFuzzer saves the input as
 * a crash file; the standalone driver exits non-zero and says how to replay.
 */
#define _POSIX_C_SOURCE 200809L

#include "../../chan_queue.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 4
#define MAX_CAP     64
#define MAX_REP     32
#define SEQ_BITS    48
#define SEQ_MASK    ((UINT64_C(1) << SEQ_BITS) - 1)

enum { OP_PUSH, OP_POP, OP_LENGTH, OP_QUIESCE };

static const chan_queue_ops *const engines[] = {&chan_queue_lockfree, &chan_queue_mutex};

/* What is being run now, for failure messages. */
static char current_input[160] = "?";
static char current_config[96] = "?";

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "ring_fuzz: FAIL [%s] (%s): ", current_config, current_input);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	fflush(stderr);
	abort();
}

static inline int decode_op(uint8_t b)
{
	switch (b % 8) {
		case 0:
		case 1:
		case 2:
			return OP_PUSH;
		case 3:
		case 4:
		case 5:
			return OP_POP;
		case 6:
			return OP_LENGTH;
		default:
			return OP_QUIESCE;
	}
}

static inline unsigned decode_rep(uint8_t b)
{
	return 1u + b / 8u;
}

static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return x;
}

/* ---------------------------------------------------------------------------
 * Single-threaded mode: exact results against an array model
 * ------------------------------------------------------------------------- */

typedef struct model {
	chan_slot v[MAX_CAP];
	size_t head, len, cap;
} model;

typedef struct visit_check {
	const model *m;
	size_t calls;
} visit_check;

static void visit_model_fn(chan_slot *slot, void *arg)
{
	visit_check *c = arg;
	if (c->calls >= c->m->len) {
		fail("visit: call %zu but the model holds only %zu values", c->calls + 1, c->m->len);
	}
	const chan_slot *want = &c->m->v[(c->m->head + c->calls) % c->m->cap];
	if (memcmp(slot, want, sizeof(*slot)) != 0) {
		fail("visit: value %zu is %016" PRIx64 ":%016" PRIx64 ", model has %016" PRIx64 ":%016" PRIx64, c->calls,
		     slot->w[0], slot->w[1], want->w[0], want->w[1]);
	}
	c->calls++;
}

static void run_single(const chan_queue_ops *ops, size_t cap, const uint8_t *script, size_t n)
{
	chan_queue *q = ops->create(cap);
	if (!q) {
		fail("create(%zu) returned NULL", cap);
	}
	if (ops->capacity(q) != cap) {
		fail("capacity() = %zu, want %zu", ops->capacity(q), cap);
	}
	model m = {.cap = cap};
	uint64_t counter = 0;
	for (size_t i = 0; i < n; i++) {
		uint8_t b = script[i];
		int op = decode_op(b);
		unsigned rep = op == OP_QUIESCE ? 1 : decode_rep(b);
		for (unsigned r = 0; r < rep; r++) {
			switch (op) {
				case OP_PUSH: {
					/* Values from the input and a counter: any bit pattern, zero included. */
					uint64_t k = counter++;
					chan_slot in = {
					    {mix64(k ^ ((uint64_t) b << 56)) & (b & 1 ? ~UINT64_C(0) : 0xff), (uint64_t) i << 32 | r}};
					bool ok = ops->push(q, &in);
					if (ok != (m.len < cap)) {
						fail("op %zu.%u push returned %d with %zu of %zu buffered", i, r, ok, m.len, cap);
					}
					if (ok) {
						m.v[(m.head + m.len) % cap] = in;
						m.len++;
					}
					break;
				}
				case OP_POP: {
					chan_slot out;
					memset(&out, 0xa5, sizeof(out));
					bool ok = ops->pop(q, &out);
					if (ok != (m.len > 0)) {
						fail("op %zu.%u pop returned %d with %zu buffered", i, r, ok, m.len);
					}
					if (ok) {
						const chan_slot *want = &m.v[m.head];
						if (memcmp(&out, want, sizeof(out)) != 0) {
							fail("op %zu.%u pop gave %016" PRIx64 ":%016" PRIx64 ", want %016" PRIx64 ":%016" PRIx64, i,
							     r, out.w[0], out.w[1], want->w[0], want->w[1]);
						}
						m.head = (m.head + 1) % cap;
						m.len--;
					}
					break;
				}
				case OP_LENGTH:
					if (ops->length(q) != m.len) {
						fail("op %zu.%u length() = %zu, want %zu", i, r, ops->length(q), m.len);
					}
					break;
				default: {
					visit_check c = {.m = &m};
					ops->visit(q, visit_model_fn, &c);
					if (c.calls != m.len) {
						fail("op %zu visit made %zu calls, want %zu", i, c.calls, m.len);
					}
					break;
				}
			}
		}
	}
	/* Drain: exactly the model's values, then empty. */
	while (m.len) {
		chan_slot out;
		if (!ops->pop(q, &out)) {
			fail("drain: pop failed with %zu values still in the model", m.len);
		}
		if (memcmp(&out, &m.v[m.head], sizeof(out)) != 0) {
			fail("drain: wrong value %016" PRIx64 ":%016" PRIx64, out.w[0], out.w[1]);
		}
		m.head = (m.head + 1) % cap;
		m.len--;
	}
	chan_slot out;
	if (ops->pop(q, &out)) {
		fail("drain: pop succeeded on a queue the model says is empty");
	}
	if (ops->length(q) != 0) {
		fail("drain: length() = %zu after draining", ops->length(q));
	}
	ops->destroy(q);
}

/* ---------------------------------------------------------------------------
 * Threaded mode
 * ------------------------------------------------------------------------- */

typedef struct phase {
	size_t start, end; /* script[start, end): this phase's bytes, markers excluded */
} phase;

typedef struct shared {
	const chan_queue_ops *ops;
	chan_queue *q;
	size_t cap;
	unsigned nthreads;
	const uint8_t *script;
	const phase *phases;
	size_t nphases;
	size_t seq_limit; /* no producer can push this many values */
	size_t bitmap_words;
	atomic_uint_least64_t *popped_bits; /* [producer][word] */
	pthread_barrier_t barrier;
	size_t verified[MAX_THREADS]; /* main thread only: [0, verified) known popped */
	/* Per thread, written by the owner only; read by others as noted. */
	struct {
		atomic_size_t started; /* sequences handed to push() so far (read by consumers) */
		size_t pushed;         /* successful pushes (read by the main thread at barriers) */
		size_t popped;         /* successful pops (same) */
	} t[MAX_THREADS];
} shared;

typedef struct worker_arg {
	shared *s;
	unsigned id;
} worker_arg;

static inline chan_slot make_value(unsigned producer, uint64_t seq)
{
	chan_slot v;
	v.w[0] = (uint64_t) producer << SEQ_BITS | seq;
	v.w[1] = mix64(v.w[0] ^ UINT64_C(0x9e3779b97f4a7c15));
	return v;
}

/* Checks a value's integrity and splits it; fails on garbage. */
static void split_value(const shared *s, const chan_slot *v, const char *where, unsigned *producer, uint64_t *seq)
{
	if (v->w[1] != mix64(v->w[0] ^ UINT64_C(0x9e3779b97f4a7c15))) {
		fail("%s: corrupt or torn slot %016" PRIx64 ":%016" PRIx64, where, v->w[0], v->w[1]);
	}
	*producer = (unsigned) (v->w[0] >> SEQ_BITS);
	*seq = v->w[0] & SEQ_MASK;
	if (*producer >= s->nthreads) {
		fail("%s: value names producer %u of %u", where, *producer, s->nthreads);
	}
	if (*seq >= s->seq_limit) {
		fail("%s: value has sequence %" PRIu64 " beyond anything pushable (%zu)", where, *seq, s->seq_limit);
	}
}

static inline bool popped_bit(const shared *s, unsigned p, uint64_t seq)
{
	uint_least64_t w = atomic_load_explicit(&s->popped_bits[p * s->bitmap_words + seq / 64], memory_order_relaxed);
	return (w >> (seq % 64)) & 1;
}

static void *worker(void *argp)
{
	worker_arg *a = argp;
	shared *s = a->s;
	const chan_queue_ops *ops = s->ops;
	unsigned me = a->id;
	int64_t last_seen[MAX_THREADS];
	for (unsigned p = 0; p < MAX_THREADS; p++) {
		last_seen[p] = -1;
	}
	size_t pushed = 0, popped = 0;

	for (size_t ph = 0; ph < s->nphases; ph++) {
		pthread_barrier_wait(&s->barrier); /* start together */
		size_t len = s->phases[ph].end - s->phases[ph].start;
		size_t from = s->phases[ph].start + len * me / s->nthreads;
		size_t to = s->phases[ph].start + len * (me + 1) / s->nthreads;
		for (size_t i = from; i < to; i++) {
			uint8_t b = s->script[i];
			int op = decode_op(b);
			unsigned rep = decode_rep(b);
			for (unsigned r = 0; r < rep; r++) {
				if (op == OP_PUSH) {
					/* Announce the sequence before pushing it: a consumer may pop it before push() returns. */
					atomic_store_explicit(&s->t[me].started, pushed + 1, memory_order_release);
					chan_slot in = make_value(me, pushed);
					if (ops->push(s->q, &in)) {
						pushed++;
					} else {
						atomic_store_explicit(&s->t[me].started, pushed, memory_order_release);
					}
				} else if (op == OP_POP) {
					chan_slot out;
					memset(&out, 0, sizeof(out));
					if (!ops->pop(s->q, &out)) {
						continue;
					}
					unsigned p;
					uint64_t seq;
					split_value(s, &out, "pop", &p, &seq);
					if (seq >= atomic_load_explicit(&s->t[p].started, memory_order_acquire)) {
						fail("thread %u popped producer %u's value %" PRIu64 " before that producer pushed it", me, p,
						     seq);
					}
					if ((int64_t) seq <= last_seen[p]) {
						fail("thread %u popped producer %u's value %" PRIu64 " after its value %" PRId64
						     " (out of order or duplicate)",
						     me, p, seq, last_seen[p]);
					}
					last_seen[p] = (int64_t) seq;
					uint_least64_t bit = UINT64_C(1) << (seq % 64);
					uint_least64_t prev = atomic_fetch_or_explicit(&s->popped_bits[p * s->bitmap_words + seq / 64], bit,
					                                               memory_order_relaxed);
					if (prev & bit) {
						fail("thread %u popped producer %u's value %" PRIu64 " a second time", me, p, seq);
					}
					popped++;
				} else {
					size_t l = ops->length(s->q);
					if (l > s->cap) {
						fail("thread %u: length() = %zu exceeds the capacity %zu", me, l, s->cap);
					}
				}
			}
		}
		s->t[me].pushed = pushed;
		s->t[me].popped = popped;
		pthread_barrier_wait(&s->barrier); /* quiescent: the main thread checks */
	}
	return NULL;
}

#define MAX_VISIT (MAX_CAP + 1)

typedef struct visit_rec {
	const shared *s;
	size_t calls;
	chan_slot v[MAX_VISIT];
} visit_rec;

static void visit_rec_fn(chan_slot *slot, void *arg)
{
	visit_rec *r = arg;
	if (r->calls >= MAX_VISIT) {
		fail("visit: more than %d calls on a queue of capacity %zu", MAX_VISIT, r->s->cap);
	}
	r->v[r->calls++] = *slot;
}

/*
 * At a quiescent point: the buffered values, per producer, must be the
 * contiguous run [k, pushed) in order, and the popped ones exactly [0, k).
 * Fills *r with what visit() handed over.
 */
static void check_popped_prefix(shared *s, const char *when, unsigned p, uint64_t upto, uint64_t buffered)
{
	for (uint64_t k = s->verified[p]; k < upto; k++) {
		if (!popped_bit(s, p, k)) {
			if (buffered != UINT64_MAX) {
				fail("%s: producer %u's value %" PRIu64 " is lost (neither buffered nor popped; %" PRIu64
				     " is buffered)",
				     when, p, k, buffered);
			}
			fail("%s: producer %u's value %" PRIu64 " is lost (nothing of it buffered)", when, p, k);
		}
	}
	if (upto > s->verified[p]) {
		s->verified[p] = upto;
	}
}

static void check_quiescent(shared *s, const char *when, visit_rec *r)
{
	size_t pushed = 0, popped = 0;
	for (unsigned t = 0; t < s->nthreads; t++) {
		pushed += s->t[t].pushed;
		popped += s->t[t].popped;
	}
	if (popped > pushed) {
		fail("%s: %zu pops succeeded but only %zu pushes", when, popped, pushed);
	}
	size_t want = pushed - popped;
	size_t len = s->ops->length(s->q);
	if (len != want) {
		fail("%s: length() = %zu, want %zu (%zu pushed - %zu popped)", when, len, want, pushed, popped);
	}
	if (want > s->cap) {
		fail("%s: %zu values buffered in a queue of capacity %zu", when, want, s->cap);
	}
	r->s = s;
	r->calls = 0;
	s->ops->visit(s->q, visit_rec_fn, r);
	if (r->calls != want) {
		fail("%s: visit made %zu calls, want %zu", when, r->calls, want);
	}
	/* Per producer: the next sequence expected in the buffer. */
	int64_t next[MAX_THREADS];
	for (unsigned p = 0; p < s->nthreads; p++) {
		next[p] = -1;
	}
	for (size_t i = 0; i < r->calls; i++) {
		unsigned p;
		uint64_t seq;
		split_value(s, &r->v[i], when, &p, &seq);
		if (next[p] >= 0 && (int64_t) seq != next[p]) {
			fail("%s: visit shows producer %u's value %" PRIu64 " where %" PRId64 " should come next", when, p, seq,
			     next[p]);
		}
		if (next[p] < 0) {
			/* The first buffered value of p: everything before it must have been popped. */
			check_popped_prefix(s, when, p, seq, seq);
		}
		if (popped_bit(s, p, seq)) {
			fail("%s: producer %u's value %" PRIu64 " is buffered but was also popped", when, p, seq);
		}
		next[p] = (int64_t) seq + 1;
	}
	for (unsigned p = 0; p < s->nthreads; p++) {
		size_t pp = s->t[p].pushed;
		if (next[p] >= 0) {
			if ((size_t) next[p] != pp) {
				fail("%s: producer %u pushed %zu values but the newest buffered is %" PRId64, when, p, pp, next[p] - 1);
			}
		} else {
			check_popped_prefix(s, when, p, pp, UINT64_MAX);
		}
		/* Nothing beyond what was pushed is marked popped. */
		for (uint64_t k = pp; k < s->seq_limit && k < pp + 64; k++) {
			if (popped_bit(s, p, k)) {
				fail("%s: producer %u's value %" PRIu64 " was popped but never pushed", when, p, k);
			}
		}
	}
}

static void run_threaded(const chan_queue_ops *ops, size_t cap, unsigned nthreads, const uint8_t *script, size_t n)
{
	shared s;
	memset(&s, 0, sizeof(s));
	s.ops = ops;
	s.cap = cap;
	s.nthreads = nthreads;
	s.script = script;

	/* Phases split at the quiescent-point bytes. */
	size_t nphases = 1;
	for (size_t i = 0; i < n; i++) {
		if (decode_op(script[i]) == OP_QUIESCE) {
			nphases++;
		}
	}
	phase *phases = calloc(nphases, sizeof(*phases));
	if (!phases) {
		return;
	}
	size_t k = 0, start = 0;
	for (size_t i = 0; i < n; i++) {
		if (decode_op(script[i]) == OP_QUIESCE) {
			phases[k].start = start;
			phases[k].end = i;
			k++;
			start = i + 1;
		}
	}
	phases[k].start = start;
	phases[k].end = n;
	s.phases = phases;
	s.nphases = nphases;

	s.seq_limit = n * MAX_REP + 1;
	s.bitmap_words = s.seq_limit / 64 + 2;
	s.popped_bits = calloc(nthreads * s.bitmap_words, sizeof(*s.popped_bits));
	s.q = ops->create(cap);
	if (!s.popped_bits || !s.q) {
		if (!s.q) {
			fail("create(%zu) returned NULL", cap);
		}
		free(phases);
		return;
	}
	for (unsigned t = 0; t < nthreads; t++) {
		atomic_init(&s.t[t].started, 0);
	}
	if (ops->capacity(s.q) != cap) {
		fail("capacity() = %zu, want %zu", ops->capacity(s.q), cap);
	}
	pthread_barrier_init(&s.barrier, NULL, nthreads + 1);

	pthread_t th[MAX_THREADS];
	worker_arg args[MAX_THREADS];
	for (unsigned t = 0; t < nthreads; t++) {
		args[t].s = &s;
		args[t].id = t;
		if (pthread_create(&th[t], NULL, worker, &args[t]) != 0) {
			fail("pthread_create failed");
		}
	}
	static visit_rec r; /* only the main thread uses it */
	for (size_t ph = 0; ph < nphases; ph++) {
		pthread_barrier_wait(&s.barrier);
		pthread_barrier_wait(&s.barrier);
		char when[64];
		snprintf(when, sizeof(when), "quiescent point %zu", ph);
		check_quiescent(&s, when, &r);
	}
	for (unsigned t = 0; t < nthreads; t++) {
		pthread_join(th[t], NULL);
	}

	/* Drain: exactly what the last visit() showed, in that order. */
	for (size_t i = 0; i < r.calls; i++) {
		chan_slot out;
		if (!ops->pop(s.q, &out)) {
			fail("drain: pop %zu failed, visit() showed %zu values", i, r.calls);
		}
		if (memcmp(&out, &r.v[i], sizeof(out)) != 0) {
			fail("drain: pop %zu gave %016" PRIx64 ", visit() showed %016" PRIx64 " there", i, out.w[0], r.v[i].w[0]);
		}
	}
	chan_slot out;
	if (ops->pop(s.q, &out)) {
		fail("drain: pop succeeded after every pushed value was accounted for (%016" PRIx64 ")", out.w[0]);
	}
	if (ops->length(s.q) != 0) {
		fail("drain: length() = %zu on the drained queue", ops->length(s.q));
	}
	/* The queue is still sound after all that: fills to exactly cap, empties in order. */
	for (size_t i = 0; i < cap; i++) {
		chan_slot in = make_value(0, i);
		if (!ops->push(s.q, &in)) {
			fail("refill: push %zu of %zu failed", i + 1, cap);
		}
	}
	{
		chan_slot in = make_value(0, cap);
		if (ops->push(s.q, &in)) {
			fail("refill: push %zu succeeded on a full queue of capacity %zu", cap + 1, cap);
		}
	}
	if (ops->length(s.q) != cap) {
		fail("refill: length() = %zu, want %zu", ops->length(s.q), cap);
	}
	for (size_t i = 0; i < cap; i++) {
		chan_slot want = make_value(0, i);
		if (!ops->pop(s.q, &out) || memcmp(&out, &want, sizeof(out)) != 0) {
			fail("refill: pop %zu did not give value %zu back", i + 1, i);
		}
	}
	if (ops->pop(s.q, &out)) {
		fail("refill: pop succeeded on the emptied queue");
	}

	pthread_barrier_destroy(&s.barrier);
	ops->destroy(s.q);
	free(s.popped_bits);
	free(phases);
}

/* ---------------------------------------------------------------------------
 * Entry point
 * ------------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2) {
		return 0;
	}
	const chan_queue_ops *ops = engines[data[0] & 1];
	bool threaded = (data[0] >> 1) & 1;
	unsigned nthreads = 2 + (data[0] >> 2) % 3;
	size_t cap = 1 + data[1] % MAX_CAP;
#ifndef RING_FUZZ_STANDALONE
	snprintf(current_input, sizeof(current_input), "libFuzzer input of %zu bytes, saved as the crash file below", size);
#endif
	snprintf(current_config, sizeof(current_config), "%s cap=%zu %s", ops->name, cap,
	         threaded ? (nthreads == 2   ? "2 threads"
	                     : nthreads == 3 ? "3 threads"
	                                     : "4 threads")
	                  : "single-threaded");

	if (ops->create(0) != NULL) {
		fail("create(0) did not return NULL");
	}
	if (threaded) {
		run_threaded(ops, cap, nthreads, data + 2, size - 2);
	} else {
		run_single(ops, cap, data + 2, size - 2);
	}
	return 0;
}

#ifdef RING_FUZZ_STANDALONE
/*
 * ring_fuzz [-seed=S] [-runs=N] [-max_len=L] [-only=I] [FILE|DIR]...
 * Replays every FILE and every regular file in each DIR, then N random inputs
 * (default 1000) of 2..L bytes (default 512) from seed S (default: from the
 * clock, printed). -only=I runs only random input I (0-based) of seed S.
 * Each input runs under a 60 s watchdog. Last line: "ring_fuzz: ok ...".
 */
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void watchdog_fired(int sig)
{
	(void) sig;
	static const char msg[] = "ring_fuzz: FAIL: watchdog: an input ran for 60 s (hang or livelock): ";
	ssize_t w = write(STDERR_FILENO, msg, sizeof(msg) - 1);
	w = write(STDERR_FILENO, current_input, strlen(current_input));
	w = write(STDERR_FILENO, "\n", 1);
	(void) w;
	_exit(1);
}

static void run_one(const uint8_t *data, size_t size)
{
	alarm(60);
	LLVMFuzzerTestOneInput(data, size);
	alarm(0);
}

static size_t replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	uint8_t *buf = NULL;
	size_t size = 0, cap = 0;
	for (;;) {
		if (size == cap) {
			cap = cap ? cap * 2 : 4096;
			buf = realloc(buf, cap);
			if (!buf) {
				exit(2);
			}
		}
		size_t got = fread(buf + size, 1, cap - size, f);
		if (got == 0) {
			break;
		}
		size += got;
	}
	fclose(f);
	snprintf(current_input, sizeof(current_input), "file %s", path);
	run_one(buf, size);
	free(buf);
	return 1;
}

static size_t replay_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode)) {
		return replay_file(path);
	}
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		exit(2);
	}
	size_t count = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.') {
			continue;
		}
		char full[4096];
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) {
			count += replay_file(full);
		}
	}
	closedir(d);
	return count;
}

static uint64_t rng_next(uint64_t *x)
{
	*x += UINT64_C(0x9e3779b97f4a7c15);
	return mix64(*x);
}

int main(int argc, char **argv)
{
	uint64_t seed = (uint64_t) time(NULL) ^ ((uint64_t) getpid() << 20);
	unsigned long runs = 1000, max_len = 512;
	long only = -1;
	signal(SIGALRM, watchdog_fired);
	size_t files = 0;
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "-seed=", 6) == 0) {
			seed = strtoull(argv[i] + 6, NULL, 10);
		}
	}
	printf("ring_fuzz: seed %" PRIu64 "\n", seed);
	fflush(stdout);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "-seed=", 6) == 0) {
			continue;
		} else if (strncmp(a, "-runs=", 6) == 0) {
			runs = strtoul(a + 6, NULL, 10);
		} else if (strncmp(a, "-max_len=", 9) == 0) {
			max_len = strtoul(a + 9, NULL, 10);
			if (max_len < 2) {
				max_len = 2;
			}
		} else if (strncmp(a, "-only=", 6) == 0) {
			only = strtol(a + 6, NULL, 10);
		} else if (a[0] == '-') {
			fprintf(stderr, "usage: %s [-seed=S] [-runs=N] [-max_len=L] [-only=I] [FILE|DIR]...\n", argv[0]);
			return 2;
		} else if (only < 0) {
			files += replay_path(a);
		}
	}
	uint8_t *buf = malloc(max_len);
	if (!buf) {
		return 2;
	}
	unsigned long done = 0;
	for (unsigned long r = 0; r < runs; r++) {
		/* Input r depends only on (seed, r), so -only=r replays it alone. */
		uint64_t x = seed ^ mix64(r + 1);
		size_t len = 2 + rng_next(&x) % (max_len - 1);
		if (rng_next(&x) % 4 == 0) {
			len = 2 + rng_next(&x) % (len < 64 ? len - 1 : 63); /* many short ones */
		}
		for (size_t i = 0; i < len; i++) {
			buf[i] = (uint8_t) rng_next(&x);
		}
		if (only >= 0 && (unsigned long) only != r) {
			continue;
		}
		snprintf(current_input, sizeof(current_input),
		         "random input %lu of seed %" PRIu64 "; replay alone with -seed=%" PRIu64 " -only=%lu -max_len=%lu", r,
		         seed, seed, r, max_len);
		run_one(buf, len);
		done++;
	}
	free(buf);
	printf("ring_fuzz: ok, %zu corpus files and %lu random inputs (seed %" PRIu64 ")\n", files, done, seed);
	return 0;
}
#endif
