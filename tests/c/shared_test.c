/*
 * shared_test.c - both chan_queue engines across processes that die.
 *
 * The shared use of chan_queue.h (init/put/take/repair) over one anonymous
 * MAP_SHARED mapping: producer and consumer processes move ids through the
 * ring in 256-byte cells whose every byte derives from the id, while this
 * process SIGKILLs a random one of them at a random instant, thousands of
 * times, repairs what the dead one claimed (the lock-free ring; the mutex
 * ring's robust lock needs nothing) and starts a replacement. Each id is
 * marked committed once its put() returned and counted when taken.
 *
 * Checks per engine: no id taken twice; no cell torn or corrupt; every
 * committed id taken, except at most one per consumer killed (the value it
 * held); holes (a dead pusher's cell) at most one per producer killed
 * inside a claim; and the ring still works after every kill: the final
 * drain ends.
 *
 * Usage: shared_test [KILLS]   (default 2000 per engine)
 * Last line: "N passed, M failed".
 */
#define _GNU_SOURCE

#include "../../chan_queue.h"

#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PRODUCERS 3
#define CONSUMERS 3
#define WORKERS   (PRODUCERS + CONSUMERS)
#define CAP       64
#define CELL      256
#define IDS       (1u << 24)
#define HOLE      UINT32_MAX

typedef struct {
	chan_queue_claim claim[WORKERS];
	_Atomic uint32_t next_id;
	_Atomic uint32_t stop; /* consumers: drain and leave */
	_Atomic uint32_t corrupt;
	_Atomic uint32_t holes;
	_Atomic uint8_t committed[IDS];
	_Atomic uint8_t taken[IDS];
} board;

static unsigned passed, failed;

static void check(int ok, const char *what, const char *engine, unsigned long a, unsigned long b)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s: %s (%lu, %lu)\n", engine, what, a, b);
	}
}

static void fill(void *cell, void *arg)
{
	uint32_t id = *(uint32_t *) arg;
	unsigned char *c = cell;
	memcpy(c, &id, sizeof id);
	for (size_t i = sizeof id; i < CELL; i++) {
		c[i] = (unsigned char) (id * 31 + i);
	}
}

static void hole(void *cell, void *arg)
{
	(void) arg;
	uint32_t h = HOLE;
	memcpy(cell, &h, sizeof h);
}

typedef struct {
	uint32_t id;
	int ok;
} taken;

static void empty(void *cell, void *arg)
{
	taken *t = arg;
	unsigned char *c = cell;
	memcpy(&t->id, c, sizeof t->id);
	t->ok = 1;
	if (t->id == HOLE) {
		return;
	}
	for (size_t i = sizeof t->id; i < CELL; i++) {
		if (c[i] != (unsigned char) (t->id * 31 + i)) {
			t->ok = 0;
			return;
		}
	}
}

static void produce(const chan_queue_ops *ops, chan_queue *q, board *b, int me)
{
	for (;;) {
		uint32_t id = atomic_fetch_add(&b->next_id, 1);
		if (id >= IDS) {
			_exit(0);
		}
		while (!ops->put(q, fill, &id, &b->claim[me])) {
			sched_yield();
		}
		atomic_store(&b->committed[id], 1);
	}
}

static void consume(const chan_queue_ops *ops, chan_queue *q, board *b, int me)
{
	for (;;) {
		taken t;
		if (!ops->take(q, empty, &t, &b->claim[me])) {
			if (atomic_load(&b->stop)) {
				_exit(0);
			}
			sched_yield();
			continue;
		}
		if (!t.ok || (t.id != HOLE && t.id >= IDS)) {
			atomic_fetch_add(&b->corrupt, 1);
		} else if (t.id == HOLE) {
			atomic_fetch_add(&b->holes, 1);
		} else {
			atomic_fetch_add(&b->taken[t.id], 1);
		}
	}
}

static pid_t start(const chan_queue_ops *ops, chan_queue *q, board *b, int me)
{
	pid_t pid = fork();
	if (pid == 0) {
		if (me < PRODUCERS) {
			produce(ops, q, b, me);
		}
		consume(ops, q, b, me);
	}
	return pid;
}

static void repair(const chan_queue_ops *ops, chan_queue *q, board *b, int dead)
{
	if (ops->repair) {
		chan_queue_claim *others[WORKERS];
		size_t n = 0;
		for (int i = 0; i < WORKERS; i++) {
			if (i != dead) {
				others[n++] = &b->claim[i];
			}
		}
		ops->repair(q, &b->claim[dead], others, n, hole, NULL);
	}
	atomic_store(&b->claim[dead].put, 0);
	atomic_store(&b->claim[dead].take, 0);
}

static void run(const chan_queue_ops *ops, unsigned kills)
{
	size_t qlen = ops->footprint(CAP, CELL);
	size_t blen = (sizeof(board) + 63) & ~(size_t) 63;
	char *m = mmap(NULL, blen + qlen, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	board *b = (board *) m;
	chan_queue *q = ops->init(m + blen, CAP, CELL);
	check(q != NULL, "init", ops->name, 0, 0);

	pid_t pids[WORKERS];
	for (int i = 0; i < WORKERS; i++) {
		pids[i] = start(ops, q, b, i);
	}
	unsigned inside[2] = {0, 0}; /* lock-free: killed while claiming or holding a cell */
	unsigned killed[2] = {0, 0}; /* producers, consumers */
	struct timespec nap = {0, 0};
	for (unsigned k = 0; k < kills && atomic_load(&b->next_id) < IDS - IDS / 8; k++) {
		nap.tv_nsec = 20000 + rand() % 400000;
		nanosleep(&nap, NULL);
		int v = rand() % WORKERS;
		kill(pids[v], SIGKILL);
		waitpid(pids[v], NULL, 0);
		chan_queue_claim *c = &b->claim[v];
		killed[v < PRODUCERS ? 0 : 1]++;
		if (atomic_load(&c->put) || atomic_load(&c->take)) {
			inside[v < PRODUCERS ? 0 : 1]++;
		}
		repair(ops, q, b, v);
		pids[v] = start(ops, q, b, v);
	}
	/* No more deaths: producers finish, consumers drain. */
	atomic_store(&b->next_id, IDS);
	for (int i = 0; i < PRODUCERS; i++) {
		waitpid(pids[i], NULL, 0);
	}
	while (ops->length(q) > 0) {
		usleep(1000);
	}
	atomic_store(&b->stop, 1);
	for (int i = PRODUCERS; i < WORKERS; i++) {
		waitpid(pids[i], NULL, 0);
	}

	unsigned long dup = 0, lost = 0, committed = 0;
	for (uint32_t id = 0; id < IDS; id++) {
		uint8_t t = atomic_load(&b->taken[id]);
		dup += t > 1;
		if (atomic_load(&b->committed[id])) {
			committed++;
			lost += t == 0;
		}
	}
	printf("%-8s kills %u (%u producers, %u consumers; inside a claim: %u, %u), values %lu, lost %lu, "
	       "duplicated %lu, holes %u, corrupt %u\n",
	       ops->name, killed[0] + killed[1], killed[0], killed[1], inside[0], inside[1], committed, lost, dup,
	       atomic_load(&b->holes), atomic_load(&b->corrupt));
	check(dup == 0, "no value taken twice", ops->name, dup, 0);
	check(atomic_load(&b->corrupt) == 0, "no corrupt cell", ops->name, atomic_load(&b->corrupt), 0);
	/* A consumer killed after take() returned and before it counted the id
	 * loses it too, so the bound is per consumer killed. */
	check(lost <= killed[1], "lost at most one per consumer killed", ops->name, lost, killed[1]);
	check(atomic_load(&b->holes) <= inside[0], "holes at most one per producer killed inside a claim", ops->name,
	      atomic_load(&b->holes), inside[0]);
	check(committed > 0, "values moved", ops->name, committed, 0);
	check(ops->length(q) == 0, "drained", ops->name, ops->length(q), 0);
	munmap(m, blen + qlen);
}

int main(int argc, char **argv)
{
	unsigned kills = argc > 1 ? (unsigned) strtoul(argv[1], NULL, 10) : 2000;
	srand(12345);
	run(&chan_queue_lockfree, kills);
	run(&chan_queue_mutex, kills);
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
