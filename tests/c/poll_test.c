/*
 * poll_test.c - the pollers of chan_poll.h (epoll and poll()) in plain C.
 *
 * Each engine is checked for the contract the event loop relies on:
 * readiness that exists when a descriptor is armed is reported; nothing is
 * reported for a descriptor that is not ready; interest is one-shot;
 * re-arming replaces the events; forget() drops a descriptor; a hang-up is
 * reported as the events armed; a descriptor closed and its number reused
 * can be armed again; many descriptors report only the ready ones. Engines
 * with edge interest (watch) are checked for it too: readiness at watch()
 * is reported once, then only new readiness, without arming again; arm()
 * turns the descriptor back to one-shot; forget() ends it; and the events
 * of a registration left behind by a closed descriptor whose file lives on
 * in a duplicate are not reported for the number's new descriptor.
 *
 * Last line: "N passed, M failed"; exit status 1 if any check failed.
 */
#include "../../chan_poll.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;

static void check(const chan_poll_ops *ops, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(const chan_poll_ops *ops, int ok, const char *fmt, ...)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "FAILED [%s]: ", ops->name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* Events reported for fd by one wait (0 if none), waiting up to ms. */
static unsigned wait_for(const chan_poll_ops *ops, chan_poller *p, int fd, int ms, int *count)
{
	chan_poll_event ev[64];
	int n = ops->wait(p, ev, 64, (int64_t) ms * 1000000);
	unsigned got = 0;
	for (int i = 0; i < n; i++) {
		if (ev[i].fd == fd) {
			got |= ev[i].events;
		}
	}
	if (count) {
		*count = n;
	}
	return got;
}

static void pipe_pair(int fds[2])
{
	if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) {
		perror("pipe2");
		exit(2);
	}
}

static void test_engine(const chan_poll_ops *ops)
{
	chan_poller *p = ops->create();
	check(ops, p != NULL, "create() failed: %s", strerror(errno));
	if (!p) {
		return;
	}
	int a[2], n;
	pipe_pair(a);

	check(ops, ops->arm(p, a[0], CHAN_POLL_IN), "arm(read end, IN) failed");
	check(ops, wait_for(ops, p, a[0], 0, &n) == 0 && n == 0, "an empty pipe was reported readable");
	check(ops, write(a[1], "x", 1) == 1, "write");
	check(ops, wait_for(ops, p, a[0], 1000, NULL) == CHAN_POLL_IN, "data written was not reported as IN");
	check(ops, wait_for(ops, p, a[0], 0, &n) == 0 && n == 0, "one-shot: reported again without a new arm");
	check(ops, ops->arm(p, a[0], CHAN_POLL_IN), "re-arm failed");
	check(ops, wait_for(ops, p, a[0], 0, NULL) == CHAN_POLL_IN, "readiness that predates the arm was lost");

	check(ops, ops->arm(p, a[1], CHAN_POLL_OUT), "arm(write end, OUT) failed");
	check(ops, wait_for(ops, p, a[1], 0, NULL) == CHAN_POLL_OUT, "an empty pipe's write end was not writable");

	/* Re-arming replaces: IN on a descriptor armed for OUT before. */
	int b[2];
	pipe_pair(b);
	check(ops, ops->arm(p, b[1], CHAN_POLL_OUT) && ops->arm(p, b[0], CHAN_POLL_IN), "arm b");
	check(ops, ops->arm(p, b[1], CHAN_POLL_IN), "re-arm b[1] for IN");
	check(ops, wait_for(ops, p, b[1], 0, NULL) == 0, "re-armed for IN, still reported for OUT");

	/* forget(): nothing more for that descriptor. */
	check(ops, ops->arm(p, a[0], CHAN_POLL_IN), "arm before forget");
	ops->forget(p, a[0]);
	check(ops, wait_for(ops, p, a[0], 0, NULL) == 0, "forgotten descriptor reported");

	/* Hang-up: the writer closes; the reader, armed for IN, hears of it. */
	char buf[8];
	while (read(a[0], buf, sizeof buf) > 0) {
	}
	check(ops, ops->arm(p, a[0], CHAN_POLL_IN), "arm for hang-up");
	close(a[1]);
	check(ops, wait_for(ops, p, a[0], 1000, NULL) == CHAN_POLL_IN, "hang-up not reported as IN");

	/* Closed and reused: the number comes back as another pipe. */
	ops->forget(p, a[0]);
	close(a[0]);
	close(b[0]);
	close(b[1]);
	int c[2];
	pipe_pair(c); /* reuses the lowest numbers */
	check(ops, ops->arm(p, c[0], CHAN_POLL_IN), "arm a reused number failed: %s", strerror(errno));
	check(ops, write(c[1], "y", 1) == 1, "write c");
	check(ops, wait_for(ops, p, c[0], 1000, NULL) == CHAN_POLL_IN, "reused number not reported");

	/* Many descriptors, few ready: exactly those are reported. */
	enum { K = 200 };
	int many[K][2];
	for (int i = 0; i < K; i++) {
		pipe_pair(many[i]);
		ops->arm(p, many[i][0], CHAN_POLL_IN);
	}
	for (int i = 0; i < K; i += 50) {
		check(ops, write(many[i][1], "z", 1) == 1, "write many");
	}
	chan_poll_event ev[64];
	int got = ops->wait(p, ev, 64, 1000000000);
	int right = 0;
	for (int i = 0; i < got; i++) {
		for (int j = 0; j < K; j += 50) {
			right += ev[i].fd == many[j][0] && ev[i].events == CHAN_POLL_IN;
		}
	}
	check(ops, got == K / 50 && right == K / 50, "%d of %d descriptors reported (%d right), want %d", got, K, right,
	      K / 50);
	for (int i = 0; i < K; i++) {
		ops->forget(p, many[i][0]);
		close(many[i][0]);
		close(many[i][1]);
	}
	close(c[0]);
	close(c[1]);

	check(ops, !ops->arm(p, -1, CHAN_POLL_IN) && errno == EBADF, "arm(-1) did not fail with EBADF");
	ops->destroy(p);
}

static void put(int fd)
{
	if (write(fd, "x", 1) != 1) {
		perror("write");
		exit(2);
	}
}

static void drain(int fd)
{
	char buf[64];
	while (read(fd, buf, sizeof(buf)) > 0) {
	}
}

static void test_edge(const chan_poll_ops *ops)
{
	chan_poller *p = ops->create();
	int a[2], b[2];
	pipe_pair(a);
	pipe_pair(b);

	check(ops, ops->watch(p, a[0]), "watch(idle read end) failed: %s", strerror(errno));
	check(ops, wait_for(ops, p, a[0], 0, NULL) == 0, "idle watched read end reported");
	put(a[1]);
	check(ops, wait_for(ops, p, a[0], 1000, NULL) == CHAN_POLL_IN, "new data on a watched descriptor not reported");
	check(ops, wait_for(ops, p, a[0], 0, NULL) == 0, "readiness reported twice without anything new");
	put(a[1]);
	check(ops, wait_for(ops, p, a[0], 1000, NULL) == CHAN_POLL_IN, "more data on a readable descriptor not reported");
	drain(a[0]);
	put(a[1]);
	check(ops, wait_for(ops, p, a[0], 1000, NULL) == CHAN_POLL_IN, "watch did not last without arming again");

	put(b[1]);
	check(ops, ops->watch(p, b[0]), "watch(readable read end) failed");
	check(ops, wait_for(ops, p, b[0], 1000, NULL) == CHAN_POLL_IN, "readiness that predates watch() not reported");
	check(ops, wait_for(ops, p, b[0], 0, NULL) == 0, "readiness at watch() reported twice");

	/* arm() after watch(): one-shot, level-triggered again. */
	check(ops, ops->arm(p, b[0], CHAN_POLL_IN), "arm after watch failed");
	check(ops, wait_for(ops, p, b[0], 1000, NULL) == CHAN_POLL_IN, "arm after watch: existing readiness not reported");
	put(b[1]);
	check(ops, wait_for(ops, p, b[0], 0, NULL) == 0, "arm after watch is not one-shot");
	check(ops, ops->watch(p, b[0]), "watch after arm failed");
	check(ops, wait_for(ops, p, b[0], 1000, NULL) == CHAN_POLL_IN, "watch after arm: existing readiness not reported");
	ops->forget(p, b[0]);
	put(b[1]);
	check(ops, wait_for(ops, p, b[0], 0, NULL) == 0, "forgotten watched descriptor reported");

	/* The write end: writable at once, then again only once space frees. */
	int c[2];
	pipe_pair(c);
	check(ops, ops->watch(p, c[1]), "watch(write end) failed");
	check(ops, wait_for(ops, p, c[1], 1000, NULL) == CHAN_POLL_OUT, "writable write end not reported at watch()");
	check(ops, wait_for(ops, p, c[1], 0, NULL) == 0, "writable reported twice without anything new");
	ops->forget(p, c[1]);

	/* A stale registration: a[0]'s file lives on in a duplicate after a[0]
	 * is closed, and the number a[0] is given to another pipe's read end. */
	int n = a[0], old = dup(a[0]), fresh[2];
	close(a[0]);
	pipe_pair(fresh);
	if (fresh[0] != n) { /* pipe() may have handed out n itself */
		if (dup2(fresh[0], n) != n) {
			perror("dup2");
			exit(2);
		}
		close(fresh[0]);
	}
	check(ops, ops->watch(p, n), "watch of a reused number failed: %s", strerror(errno));
	check(ops, wait_for(ops, p, n, 0, NULL) == 0, "reused number reported before anything happened");
	put(a[1]); /* to the old file, still registered under the same number */
	check(ops, wait_for(ops, p, n, 200, NULL) == 0,
	      "an event of the stale registration reported for the new descriptor");
	put(fresh[1]);
	check(ops, wait_for(ops, p, n, 1000, NULL) == CHAN_POLL_IN, "reused number's own data not reported");

	/* Hang-up: reported without arming again. */
	close(fresh[1]);
	check(ops, wait_for(ops, p, n, 1000, NULL) & CHAN_POLL_IN, "hang-up of a watched descriptor not reported");

	ops->forget(p, n);
	close(n);
	close(old);
	close(a[1]);
	close(b[0]);
	close(b[1]);
	close(c[0]);
	close(c[1]);
	ops->destroy(p);
}

int main(void)
{
	test_engine(&chan_poll_poll);
#ifdef __linux__
	test_engine(&chan_poll_epoll);
	test_edge(&chan_poll_epoll);
#endif
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
