/*
 * embed_threads.c - runs chan in several threads of one process at once, the
 * way FrankenPHP and other threaded servers run a ZTS PHP.
 *
 *   embed_threads --so=CHAN_SO --dir=SCRIPT_DIR [--mode=normal|overflow]
 *                 [--threads=T] [--requests=R]
 *
 * The main thread starts PHP's module (its own SAPI, like the embed SAPI's
 * php_embed_init() but with our ini, which loads CHAN_SO) and runs no
 * request itself. T pthreads, released together by a barrier, each take
 * their own TSRM resources (ts_resource(0)) and run R requests of
 * worker.php with $_SERVER['CHAN_THREAD'] and ['CHAN_REQUEST'] set; each
 * request's output and log messages are caught per request (the SAPI's
 * ub_write and log_message find the request through SG(server_context),
 * which is per thread) and compared with what this file expects of that
 * thread and request number.
 *
 * --mode=normal (T default 4, R default 20): prints one "ok: ..."/"FAILED:
 * ..." line per thread and for concurrency; exit 0 only if all passed.
 *
 * --mode=overflow (T default 3, R default 2): chan.stack_size=64K. Every
 * thread runs R worker requests; then the last thread (not the main thread,
 * not the first to use chan, whose slab made the process's SIGSEGV handler)
 * runs overflow.php while the others keep running requests. chan's handler
 * must print its fatal error and _exit(255); this program returning is the
 * failure (exit 1).
 */
#include <main/php.h>
#include <main/SAPI.h>
#include <main/php_main.h>
#include <main/php_variables.h>
#include <Zend/zend_modules.h>
#include <Zend/zend_signal.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef ZTS
#error "embed_threads needs a ZTS PHP"
#endif

/* --- growable strings ----------------------------------------------------- */

typedef struct {
	char *buf;
	size_t len, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (b->len + n + 1 > cap) {
			cap *= 2;
		}
		char *nb = realloc(b->buf, cap);
		if (!nb) {
			abort();
		}
		b->buf = nb;
		b->cap = cap;
	}
	memcpy(b->buf + b->len, s, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

static void sb_addf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_addf(sbuf *b, const char *fmt, ...)
{
	char tmp[4096];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0) {
		abort();
	}
	sb_add(b, tmp, (size_t) n < sizeof(tmp) ? (size_t) n : sizeof(tmp) - 1);
}

static void sb_clear(sbuf *b)
{
	b->len = 0;
	if (b->buf) {
		b->buf[0] = '\0';
	}
}

static void sb_free(sbuf *b)
{
	free(b->buf);
	b->buf = NULL;
	b->len = b->cap = 0;
}

static const char *sb_str(const sbuf *b)
{
	return b->buf ? b->buf : "";
}

/* --- one request's context ------------------------------------------------ */

#define MAX_LOGS 8

typedef struct {
	int thread, request;
	bool passthrough; /* overflow.php: output straight to stdout */
	sbuf out;
	char *logs[MAX_LOGS];
	int nlogs; /* may exceed MAX_LOGS: only the first are kept */
} req_ctx;

static void ctx_reset(req_ctx *c, int thread, int request)
{
	c->thread = thread;
	c->request = request;
	c->passthrough = false;
	sb_clear(&c->out);
	for (int i = 0; i < c->nlogs && i < MAX_LOGS; i++) {
		free(c->logs[i]);
		c->logs[i] = NULL;
	}
	c->nlogs = 0;
}

static void ctx_free(req_ctx *c)
{
	ctx_reset(c, 0, 0);
	sb_free(&c->out);
}

static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w <= 0) {
			return;
		}
		s += w;
		n -= (size_t) w;
	}
}

/* --- the SAPI --------------------------------------------------------------- */

static size_t h_ub_write(const char *str, size_t len)
{
	req_ctx *c = SG(server_context);
	if (!c || c->passthrough) {
		write_all(STDOUT_FILENO, str, len);
	} else {
		sb_add(&c->out, str, len);
	}
	return len;
}

static void h_flush(void *server_context)
{
	(void) server_context;
}

static void h_send_header(sapi_header_struct *h, void *server_context)
{
	(void) h;
	(void) server_context;
}

static char *h_read_cookies(void)
{
	return NULL;
}

static void h_register_variables(zval *track_vars_array)
{
	req_ctx *c = SG(server_context);
	if (!c) {
		return;
	}
	char num[32];
	size_t n = (size_t) snprintf(num, sizeof(num), "%d", c->thread);
	php_register_variable_safe("CHAN_THREAD", num, n, track_vars_array);
	n = (size_t) snprintf(num, sizeof(num), "%d", c->request);
	php_register_variable_safe("CHAN_REQUEST", num, n, track_vars_array);
}

/* error_log unset: PHP hands log lines ("PHP Warning:  ...") to the SAPI. */
static void h_log_message(const char *message, int syslog_type)
{
	(void) syslog_type;
	req_ctx *c = SG(server_context);
	if (!c || c->passthrough) {
		fprintf(stderr, "%s\n", message);
		return;
	}
	if (c->nlogs < MAX_LOGS) {
		c->logs[c->nlogs] = strdup(message);
	}
	c->nlogs++;
}

static int h_startup(sapi_module_struct *m)
{
	return php_module_startup(m, NULL);
}

static sapi_module_struct harness_module = {
    .name = "embed",
    .pretty_name = "chan thread test (embed)",
    .startup = h_startup,
    .shutdown = php_module_shutdown_wrapper,
    .ub_write = h_ub_write,
    .flush = h_flush,
    .sapi_error = php_error,
    .send_header = h_send_header,
    .read_cookies = h_read_cookies,
    .register_server_variables = h_register_variables,
    .log_message = h_log_message,
};

/* --- options and shared state ----------------------------------------------- */

static const char *opt_so, *opt_dir;
static bool opt_overflow;
static int opt_threads, opt_requests;
static char worker_path[4096], overflow_path[4096];

static pthread_barrier_t start_barrier;
static atomic_int inflight, max_inflight;
static atomic_int limit_active;   /* thread 0 is in a request that lowered chan.max_coroutines */
static atomic_int limit_overlaps; /* other threads' requests that ran meanwhile */
static atomic_int thread0_done;   /* requests thread 0 has finished */
static atomic_int stop;           /* overflow mode: the overflow script returned */
static atomic_int overflow_returned;

#define MAX_DETAILS 3

typedef struct {
	pthread_t tid;
	int index;
	int requests, failures;
	char *details[MAX_DETAILS];
} thread_result;

/* --- what each request must print --------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* Splits s (modified) into lines; returns how many. */
static int split_lines(char *s, char **lines, int max)
{
	int n = 0;
	while (*s && n < max) {
		lines[n++] = s;
		char *nl = strchr(s, '\n');
		if (!nl) {
			break;
		}
		*nl = '\0';
		s = nl + 1;
	}
	return n;
}

/* got must be head (exactly, line by line) followed by the lines of tail in
 * any order (what destroyed coroutines print: the order is chan's choice). */
static bool compare_output(const char *got, const char *head, const char *tail, sbuf *why)
{
	enum { MAXL = 256 };
	char *g = strdup(got), *h = strdup(head), *t = strdup(tail);
	char *gl[MAXL], *hl[MAXL], *tl[MAXL];
	int ng = split_lines(g, gl, MAXL), nh = split_lines(h, hl, MAXL), nt = split_lines(t, tl, MAXL);
	bool ok = true;
	for (int i = 0; i < nh; i++) {
		if (i >= ng) {
			sb_addf(why, "output ends before line %d; expected `%s`", i + 1, hl[i]);
			ok = false;
			goto out;
		}
		if (strcmp(gl[i], hl[i]) != 0) {
			sb_addf(why, "line %d: expected `%s`, got `%s`", i + 1, hl[i], gl[i]);
			ok = false;
			goto out;
		}
	}
	if (ng - nh != nt) {
		sb_addf(why, "expected %d more line(s) after line %d, got %d:", nt, nh, ng - nh);
		for (int i = nh; i < ng; i++) {
			sb_addf(why, " `%s`", gl[i]);
		}
		ok = false;
		goto out;
	}
	qsort(gl + nh, (size_t) nt, sizeof(char *), cmp_str);
	qsort(tl, (size_t) nt, sizeof(char *), cmp_str);
	for (int i = 0; i < nt; i++) {
		if (strcmp(gl[nh + i], tl[i]) != 0) {
			sb_addf(why, "after line %d (any order): expected `%s`, got `%s`", nh, tl[i], gl[nh + i]);
			ok = false;
			goto out;
		}
	}
out:
	free(g);
	free(h);
	free(t);
	return ok;
}

/* Checks one finished worker.php request; on failure, says why in why. */
static bool check_worker(const req_ctx *c, int exit_status, sbuf *why)
{
	int t = c->thread, r = c->request, kind = r % 5;
	int n = 20 + (t * 7 + r) % 13;
	int k = 3 + t % 3;
	bool limited = t == 0 && r % 2 == 0;
	long long base = (long long) t * 100000 + (long long) r * 1000;
	long long sum = 3 * (n * base + (long long) n * (n + 1) / 2) + (long long) n * t;
	int spawned = 7 + 4 + (1 + k) + 2 + (limited ? 8 : 40);

	sbuf head = {0}, tail = {0};
	sb_addf(&head, "req t=%d r=%d\n", t, r);
	sb_addf(&head, "start count=0 peak=0 switches=0 spawned=0 id=0 max=0\n");
	if (limited) {
		sb_addf(&head, "limit set old=0\n");
	}
	sb_addf(&head, "run id=1\n");
	sb_addf(&head, "pipeline n=%d count=%d distinct=%d foreign=0 sum=%lld ids=2,3,4,5,6,7 seen=2,3,4,5,6,7\n", n,
	        n, n, sum);
	sb_addf(&head, "yield order=a1,b1,c1,a2,b2,c2,a3,b3,c3\n");
	sb_addf(&head, "timers k=%d got=%d js=", k, k);
	for (int j = 1; j <= k; j++) {
		sb_addf(&head, j > 1 ? ",%d" : "%d", j);
	}
	sb_addf(&head, " foreign=0 early=0 order=ok\n");
	sb_addf(&head, "select1 NULL waited=yes\n");
	sb_addf(&head, "select2 key=b val=v%d.%d ok=1\n", t, r);
	sb_addf(&head, "select3 key=0 popped=%d\n", t * 10 + r);
	if (limited) {
		sb_addf(&head, "limit now=8 made=8 err=Chan\\Error\n");
	} else {
		sb_addf(&head, "nolimit max=0 live=40\n");
	}
	sb_addf(&head, "end count=0 spawned=%d\n", spawned);

	const char *log_prefix = NULL;
	char log_buf[256];
	int want_exit = 0;
	if (kind == 1) {
		sb_addf(&head, "finally sleeper\n");
		sb_addf(&head, "caught=boom t%d r%d count=0\n", t, r);
	} else if (kind == 3) {
		sb_addf(&head, "leaving count=2\n");
		for (int j = 1; j <= 2; j++) {
			sb_addf(&tail, "finally blocked %d\n", j);
			sb_addf(&tail, "released t%d r%d #%d\n", t, r, j);
		}
		log_prefix = "PHP Warning:  Chan: 2 coroutines blocked forever at script end, destroying them:\ncoroutine ";
	} else if (kind == 4) {
		sb_addf(&head, t % 2 == 0 ? "throwing from run\n" : "throwing at script end\n");
		sb_addf(&head, "finally sleeper\n");
		snprintf(log_buf, sizeof(log_buf), "PHP Fatal error:  Uncaught RuntimeException: boom t%d r%d in ", t, r);
		log_prefix = log_buf;
		want_exit = 255;
	}

	bool ok = compare_output(sb_str(&c->out), sb_str(&head), sb_str(&tail), why);
	if (ok && c->nlogs != (log_prefix ? 1 : 0)) {
		sb_addf(why, "expected %d log message(s), got %d", log_prefix ? 1 : 0, c->nlogs);
		for (int i = 0; i < c->nlogs && i < MAX_LOGS; i++) {
			sb_addf(why, "\n      log: %s", c->logs[i]);
		}
		ok = false;
	}
	if (ok && log_prefix && strncmp(c->logs[0], log_prefix, strlen(log_prefix)) != 0) {
		sb_addf(why, "log: expected `%s...`, got `%s`", log_prefix, c->logs[0]);
		ok = false;
	}
	if (ok && exit_status != want_exit) {
		sb_addf(why, "exit status %d, expected %d", exit_status, want_exit);
		ok = false;
	}
	if (!ok) {
		sb_addf(why, "\n      output was:");
		for (const char *p = sb_str(&c->out); *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t) (nl - p) : strlen(p);
			sb_add(why, "\n        | ", 11);
			sb_add(why, p, len);
			p += len + (nl ? 1 : 0);
		}
	}
	sb_free(&head);
	sb_free(&tail);
	return ok;
}

/* --- running requests ----------------------------------------------------------- */

/* One request of script on this thread; returns its exit status. */
static int run_request(req_ctx *c, const char *script)
{
	SG(server_context) = c;
	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).path_translated = (char *) script;
	SG(request_info).argc = 0;
	SG(request_info).argv = NULL;
	SG(request_info).request_method = NULL;
	SG(request_info).query_string = NULL;
	SG(request_info).content_type = NULL;
	SG(request_info).request_uri = NULL;

	if (php_request_startup() == FAILURE) {
		SG(server_context) = NULL;
		return -1;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	EG(exit_status) = 0; /* PHP leaves the last request's there */

	zend_file_handle fh;
	zend_stream_init_filename(&fh, script);
	zend_first_try
	{
		php_execute_script(&fh);
	}
	zend_end_try();
	zend_destroy_file_handle(&fh);
	php_request_shutdown(NULL);
	int status = EG(exit_status);
	SG(server_context) = NULL;
	SG(request_info).path_translated = NULL;
	return status;
}

static void note_failure(thread_result *res, int r, const sbuf *why)
{
	res->failures++;
	if (opt_overflow) {
		/* The process ends in _exit(): say it now. */
		printf("FAILED: overflow mode: thread %d request %d: %s\n", res->index, r, sb_str(why));
		fflush(stdout);
	} else if (res->failures <= MAX_DETAILS) {
		size_t len = why->len + 64;
		res->details[res->failures - 1] = malloc(len);
		snprintf(res->details[res->failures - 1], len, "request %d: %s", r, sb_str(why));
	}
}

static void worker_request(thread_result *res, req_ctx *c, int r)
{
	int t = res->index;
	bool limited = t == 0 && r % 2 == 0;
	ctx_reset(c, t, r);

	int now = atomic_fetch_add(&inflight, 1) + 1;
	int seen = atomic_load(&max_inflight);
	while (now > seen && !atomic_compare_exchange_weak(&max_inflight, &seen, now)) {
	}
	if (limited) {
		atomic_store(&limit_active, 1);
	}
	bool overlap = t != 0 && atomic_load(&limit_active);

	int status = run_request(c, worker_path);

	overlap = overlap || (t != 0 && atomic_load(&limit_active));
	if (limited) {
		atomic_store(&limit_active, 0);
	}
	atomic_fetch_sub(&inflight, 1);
	if (overlap) {
		atomic_fetch_add(&limit_overlaps, 1);
	}

	sbuf why = {0};
	if (status == -1) {
		sb_addf(&why, "php_request_startup() failed");
		note_failure(res, r, &why);
	} else if (!check_worker(c, status, &why)) {
		note_failure(res, r, &why);
	}
	sb_free(&why);
	res->requests++;
	if (t == 0) {
		atomic_fetch_add(&thread0_done, 1);
	}
}

static void *thread_main(void *arg)
{
	thread_result *res = arg;
	req_ctx c = {0};

	(void) ts_resource(0); /* this thread's globals (TSRM) */
	pthread_barrier_wait(&start_barrier);

	for (int r = 0; r < opt_requests; r++) {
		worker_request(res, &c, r);
	}

	if (opt_overflow) {
		if (res->index == opt_threads - 1) {
			/* Let another thread be the first chan user (it installed the
			 * SIGSEGV handler): ours must bring its own alternate stack. */
			while (atomic_load(&thread0_done) == 0) {
				usleep(1000);
			}
			ctx_reset(&c, res->index, 0);
			c.passthrough = true;
			int status = run_request(&c, overflow_path);
			printf("FAILED: overflow mode: overflow.php returned on thread %d (exit status %d) instead of ending "
			       "the process\n",
			       res->index, status);
			fflush(stdout);
			atomic_store(&overflow_returned, 1);
			atomic_store(&stop, 1);
		} else {
			/* Keep the other threads in requests while it overflows. */
			for (int r = opt_requests; r < opt_requests + 500 && !atomic_load(&stop); r++) {
				worker_request(res, &c, r);
			}
		}
	}

	ctx_free(&c);
	ts_free_thread();
	return NULL;
}

/* --- main -------------------------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr, "usage: embed_threads --so=CHAN_SO --dir=SCRIPT_DIR [--mode=normal|overflow] [--threads=T] "
	                "[--requests=R]\n");
	return 2;
}

int main(int argc, char **argv)
{
	opt_threads = -1;
	opt_requests = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--so=", 5)) {
			opt_so = a + 5;
		} else if (!strncmp(a, "--dir=", 6)) {
			opt_dir = a + 6;
		} else if (!strcmp(a, "--mode=normal")) {
			opt_overflow = false;
		} else if (!strcmp(a, "--mode=overflow")) {
			opt_overflow = true;
		} else if (!strncmp(a, "--threads=", 10)) {
			opt_threads = atoi(a + 10);
		} else if (!strncmp(a, "--requests=", 11)) {
			opt_requests = atoi(a + 11);
		} else {
			return usage();
		}
	}
	if (!opt_so || !opt_dir) {
		return usage();
	}
	if (opt_threads < 0) {
		opt_threads = opt_overflow ? 3 : 4;
	}
	if (opt_requests < 0) {
		opt_requests = opt_overflow ? 2 : 20;
	}
	if (opt_threads < 1 || opt_threads > 256 || opt_requests < 1 || (opt_overflow && opt_threads < 2)) {
		return usage();
	}
	snprintf(worker_path, sizeof(worker_path), "%s/worker.php", opt_dir);
	snprintf(overflow_path, sizeof(overflow_path), "%s/overflow.php", opt_dir);
	setvbuf(stdout, NULL, _IOLBF, 0);

	const char *mode = opt_overflow ? "overflow" : "normal";
	char ini[8192];
	snprintf(ini, sizeof(ini),
	         "extension=%s\n"
	         "html_errors=0\n"
	         "display_errors=0\n"
	         "display_startup_errors=1\n"
	         "log_errors=1\n"
	         "error_reporting=-1\n"
	         "report_memleaks=1\n"
	         "implicit_flush=1\n"
	         "output_buffering=0\n"
	         "max_execution_time=0\n"
	         "%s",
	         opt_so, opt_overflow ? "chan.stack_size=64K\nzend.max_allowed_stack_size=-1\n" : "");

	/* What php_embed_init() does, minus its request on this thread. */
	signal(SIGPIPE, SIG_IGN);
	php_tsrm_startup();
#ifdef ZEND_SIGNALS
	zend_signal_startup();
#endif
	sapi_startup(&harness_module);
	harness_module.ini_entries = ini;
	harness_module.php_ini_ignore = 1;
	harness_module.executable_location = argv[0];
	if (harness_module.startup(&harness_module) == FAILURE) {
		printf("FAILED: %s: PHP module startup failed\n", mode);
		return 1;
	}
	if (!zend_hash_str_exists(&module_registry, "chan", sizeof("chan") - 1)) {
		printf("FAILED: %s: chan is not loaded (extension=%s)\n", mode, opt_so);
		php_module_shutdown();
		sapi_shutdown();
		tsrm_shutdown();
		return 1;
	}

	thread_result *res = calloc((size_t) opt_threads, sizeof(*res));
	pthread_barrier_init(&start_barrier, NULL, (unsigned) opt_threads);
	for (int i = 0; i < opt_threads; i++) {
		res[i].index = i;
		if (pthread_create(&res[i].tid, NULL, thread_main, &res[i]) != 0) {
			printf("FAILED: %s: pthread_create\n", mode);
			return 1;
		}
	}
	for (int i = 0; i < opt_threads; i++) {
		pthread_join(res[i].tid, NULL);
	}
	pthread_barrier_destroy(&start_barrier);

	php_module_shutdown();
	sapi_shutdown();
	tsrm_shutdown();

	int failed = 0;
	if (opt_overflow) {
		/* Reached only if overflow.php returned (already reported). */
		failed += atomic_load(&overflow_returned) ? 1 : 0;
		for (int i = 0; i < opt_threads; i++) {
			failed += res[i].failures ? 1 : 0;
		}
		free(res);
		return failed ? 1 : 0;
	}

	for (int i = 0; i < opt_threads; i++) {
		thread_result *tr = &res[i];
		if (tr->failures == 0) {
			printf("ok: %s T=%d R=%d: thread %d: %d requests, every output as expected%s\n", mode, opt_threads,
			       opt_requests, i, tr->requests,
			       i == 0 ? " (chan.max_coroutines=8 enforced on its even requests)" : "");
		} else {
			failed++;
			printf("FAILED: %s T=%d R=%d: thread %d: %d of %d requests wrong\n", mode, opt_threads, opt_requests, i,
			       tr->failures, tr->requests);
			for (int d = 0; d < MAX_DETAILS && d < tr->failures; d++) {
				printf("    %s\n", tr->details[d]);
				free(tr->details[d]);
			}
		}
	}
	if (opt_threads > 1) {
		int mx = atomic_load(&max_inflight);
		if (mx >= 2) {
			printf("ok: %s T=%d R=%d: requests ran in parallel (up to %d at once)\n", mode, opt_threads,
			       opt_requests, mx);
		} else {
			failed++;
			printf("FAILED: %s T=%d R=%d: requests never overlapped (at most %d at once)\n", mode, opt_threads,
			       opt_requests, mx);
		}
		int ov = atomic_load(&limit_overlaps);
		if (ov > 0) {
			printf("ok: %s T=%d R=%d: %d requests of other threads saw no chan.max_coroutines limit while "
			       "thread 0 had set one\n",
			       mode, opt_threads, opt_requests, ov);
		} else {
			failed++;
			printf("FAILED: %s T=%d R=%d: no request of another thread ran while thread 0 had lowered "
			       "chan.max_coroutines\n",
			       mode, opt_threads, opt_requests);
		}
	}
	free(res);
	return failed ? 1 : 0;
}
