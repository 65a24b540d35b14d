/*
 * chan_hook_process.c - the family "process": the pipes of proc_open() and
 * popen(), the output of exec(), system(), passthru(), shell_exec() and the
 * backtick operator, and the waits of proc_close() and pclose() park the
 * calling context instead of the process.
 *
 * Pipes. proc_open()'s pipes and popen()'s stream are PHP's plain (STDIO)
 * streams; the hook gives each a copy of PHP's ops whose read, write and
 * close are ours, with the same label. A read of a blocking pipe parks
 * until the pipe is readable (data or end of file) and then PHP's read runs;
 * a write parks until there is room and writes what fits without blocking,
 * until all of it is written, as PHP's blocking write does. Non-blocking
 * pipes (stream_set_blocking(false)) never park. The rules of the stream
 * family hold: one context per pipe and direction, a pipe closed under a
 * parked context wakes it (its call fails), a parked call is a checkpoint
 * (cancellation and deadlines end it; the call fails and the pipe reads as
 * ended).
 *
 * Waits for a child. pclose() and proc_close() close the parent's ends of
 * the pipes first, as PHP does, then park until the child has exited (on a
 * pidfd, where the kernel has them; else by polling every few
 * milliseconds) without reaping it: PHP's own wait then returns at once
 * with the status. popen()'s child is the one child that was not there
 * before PHP's popen() ran (the hook's own popen() for exec() and the rest
 * reads it from glibc's FILE); failing both, the child holding the pipe's
 * other end, from /proc, at pclose() time. A wait ended by
 * cancellation or a deadline kills the child (SIGKILL, as Go's
 * exec.CommandContext does) and what it started (a shell's commands), so
 * that PHP's wait returns at once and nothing is left running, and the
 * exception is thrown when the function returns.
 *
 * exec(), system(), passthru() and shell_exec() (and backticks, compiled
 * as a call of shell_exec()) run here with PHP's popen() (VCWD_POPEN, so
 * ZTS's virtual working directory too) and PHP's stream functions over the
 * hooked pipe: lines, output, flushing and return values as PHP's
 * (php-src's tests for them run in the phpsrc gate beside a coroutine).
 * Arguments PHP rejects go to PHP's own function.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_cancel.h"
#include "chan_coroutine.h"
#include "chan_hook.h"
#include "chan_io.h"
#include "php_streams.h"
#include "ext/standard/file.h"
#include "ext/standard/proc_open.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "SAPI.h"

#ifdef CHAN_HAVE_HOOK_PROCESS

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define CHAN_HAVE_VALGRIND_H 1
#endif
#endif

/* --- processes, as /proc shows them ------------------------------------- */

/* The parent of process pid (read from /proc), -1 when unknown. */
static pid_t chan_proc_ppid(long pid)
{
	char path[64], line[512];
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, line, sizeof(line) - 1) : -1;
	if (fd >= 0) {
		close(fd);
	}
	if (n <= 0) {
		return -1;
	}
	line[n] = '\0';
	const char *comm_end = strrchr(line, ')'); /* the name may hold spaces and parentheses */
	int ppid = -1;
	if (!comm_end || sscanf(comm_end + 1, " %*c %d", &ppid) != 1) {
		return -1;
	}
	return (pid_t) ppid;
}

/* Calls each process's pid and parent's pid until it returns true. */
static void chan_proc_each(bool (*fn)(pid_t pid, pid_t ppid, void *arg), void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	while (d && (e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		pid_t ppid;
		if (!*end && pid > 0 && (ppid = chan_proc_ppid(pid)) > 0 && fn((pid_t) pid, ppid, arg)) {
			break;
		}
	}
	if (d) {
		closedir(d);
	}
}

typedef struct {
	struct stat pipe;
	pid_t found;
} chan_pipe_search;

static bool chan_pipe_holder(pid_t pid, pid_t ppid, void *arg)
{
	chan_pipe_search *s = arg;
	for (int i = 0; i < 2 && ppid == getpid(); i++) {
		struct stat st;
		char path[64];
		snprintf(path, sizeof(path), "/proc/%ld/fd/%d", (long) pid, i);
		if (stat(path, &st) == 0 && st.st_ino == s->pipe.st_ino && st.st_dev == s->pipe.st_dev) {
			s->found = pid;
			return true;
		}
	}
	return false;
}

/* The child of this process holding the other end of pipe fd as its
 * standard input or output (popen()'s shell), or -1. */
static pid_t chan_pipe_child(int fd)
{
	chan_pipe_search s = {.found = -1};
	if (fstat(fd, &s.pipe) != 0 || !S_ISFIFO(s.pipe.st_mode)) {
		return -1;
	}
	chan_proc_each(chan_pipe_holder, &s);
	return s.found;
}

typedef struct {
	pid_t *pids, *ppids;
	size_t n, size;
} chan_proc_list;

static bool chan_proc_collect(pid_t pid, pid_t ppid, void *arg)
{
	chan_proc_list *l = arg;
	if (l->n == l->size) {
		l->size = l->size ? l->size * 2 : 64;
		l->pids = erealloc(l->pids, l->size * sizeof(pid_t));
		l->ppids = erealloc(l->ppids, l->size * sizeof(pid_t));
	}
	l->pids[l->n] = pid;
	l->ppids[l->n++] = ppid;
	return false;
}

static bool chan_child_collect(pid_t pid, pid_t ppid, void *arg)
{
	return ppid == getpid() ? chan_proc_collect(pid, ppid, arg) : false;
}

static void chan_proc_list_free(chan_proc_list *l)
{
	if (l->pids) {
		efree(l->pids);
		efree(l->ppids);
	}
}

/* SIGKILL to a child and to every process descended from it, so that a
 * shell's own children (sh -c "a; b") do not outlive it. */
static void chan_kill_tree(pid_t root)
{
	chan_proc_list l = {0};
	chan_proc_each(chan_proc_collect, &l);
	kill(root, SIGKILL);
	bool *doomed = ecalloc(l.n ? l.n : 1, sizeof(bool));
	for (bool more = true; more;) {
		more = false;
		for (size_t i = 0; i < l.n; i++) {
			bool parent_doomed = l.ppids[i] == root;
			for (size_t j = 0; j < l.n && !parent_doomed; j++) {
				parent_doomed = doomed[j] && l.pids[j] == l.ppids[i];
			}
			if (!doomed[i] && parent_doomed) {
				doomed[i] = more = true;
				kill(l.pids[i], SIGKILL);
			}
		}
	}
	efree(doomed);
	chan_proc_list_free(&l);
}

/* --- waiting for a child ------------------------------------------------ */

/* Valgrind (3.19, Debian 12's) does not know pidfd_open() and says so on
 * the log the valgrind gate reads: under it, the wait polls. */
static int chan_pidfd_open(pid_t pid)
{
#ifdef SYS_pidfd_open
#ifdef CHAN_HAVE_VALGRIND_H
	if (RUNNING_ON_VALGRIND) {
		errno = ENOSYS;
		return -1;
	}
#endif
	return (int) syscall(SYS_pidfd_open, pid, 0);
#else
	errno = ENOSYS;
	return -1;
#endif
}

/* 1 when pid is a child of this process that has exited (not yet reaped),
 * 0 while it runs, -1 when it is no unreaped child of ours. */
static int chan_child_exited(pid_t pid)
{
	siginfo_t si;
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t) pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0) {
		return -1;
	}
	return si.si_pid == pid ? 1 : 0;
}

/* Parks until child pid has exited, leaving it for PHP's own wait to reap.
 * Ended by cancellation or a deadline: the child and its descendants are
 * killed and the exception stays pending. */
static void chan_child_wait(pid_t pid)
{
	int pfd = chan_pidfd_open(pid); /* first: it pins pid to this process */
	if (chan_child_exited(pid) != 0) {
		if (pfd >= 0) {
			close(pfd);
		}
		return; /* gone already, or not ours: PHP's wait says so */
	}
	double poll_s = 0.001;
	for (;;) {
		chan_wake why = CHAN_WAKE_OK;
		bool waited = !EG(exception) && chan_checkpoint();
		if (waited && pfd >= 0) {
			waited = chan_io_wait(pfd, CHAN_POLL_IN, -1, &why);
		} else if (waited) {
			chan_sleep(poll_s); /* raises what ends it */
			waited = !EG(exception);
			poll_s = poll_s < 0.05 ? poll_s * 2 : poll_s;
		}
		if (waited && why != CHAN_WAKE_OK && why != CHAN_WAKE_TIMEOUT) {
			chan_raise(why);
			waited = false;
		}
		if (!waited) {
			chan_kill_tree(pid);
			break;
		}
		if (chan_child_exited(pid) != 0) {
			break;
		}
	}
	if (pfd >= 0) {
		chan_loop_closed(pfd);
		close(pfd);
	}
}

/* glibc keeps popen()'s child in the FILE it returns (struct _IO_proc_file:
 * the FILE, its vtable pointer, then the pid) and nowhere public. Where
 * the hook made the popen() (exec() and the rest) it is read there, and
 * believed only if it names an unreaped child of ours; else (another libc)
 * /proc is asked at pclose() time. */
static pid_t chan_popen_pid(FILE *fp)
{
#ifdef __GLIBC__
	pid_t pid;
	memcpy(&pid, (const char *) fp + sizeof(FILE) + sizeof(void *), sizeof(pid));
	if (pid > 0 && chan_child_exited(pid) >= 0) {
		return pid;
	}
#endif
	(void) fp;
	return -1;
}

/* The child of each popen() stream, where it is known. */
static TSRM_TLS HashTable *chan_popen_children;

static void chan_popen_track(const php_stream *stream, pid_t pid)
{
	if (pid <= 0) {
		return;
	}
	if (!chan_popen_children) {
		ALLOC_HASHTABLE(chan_popen_children);
		zend_hash_init(chan_popen_children, 8, NULL, NULL, 0);
	}
	zval zv;
	ZVAL_LONG(&zv, pid);
	zend_hash_index_update(chan_popen_children, (zend_ulong) (uintptr_t) stream, &zv);
}

/* The child of a popen() stream, forgotten by the stream; -1 if unknown. */
static pid_t chan_popen_untrack(const php_stream *stream)
{
	zval *zv = chan_popen_children ? zend_hash_index_find(chan_popen_children, (zend_ulong) (uintptr_t) stream) : NULL;
	if (!zv) {
		return -1;
	}
	pid_t pid = (pid_t) Z_LVAL_P(zv);
	zend_hash_index_del(chan_popen_children, (zend_ulong) (uintptr_t) stream);
	return pid;
}

void chan_hook_process_rshutdown(void)
{
	if (chan_popen_children) {
		zend_hash_destroy(chan_popen_children);
		FREE_HASHTABLE(chan_popen_children);
		chan_popen_children = NULL;
	}
}

/* --- pipes -------------------------------------------------------------- */

/* proc_open()'s pipes, and popen()'s stream (whose close waits for the
 * child), set up at MINIT from PHP's. */
static php_stream_ops chan_pipe_ops, chan_popen_ops;

static int chan_pipe_fd(php_stream *stream)
{
	int fd = -1;
	if (php_stream_stdio_ops.cast(stream, PHP_STREAM_AS_FD_FOR_SELECT, (void **) &fd) != SUCCESS) {
		return -1;
	}
	return fd;
}

/* PHP's blocking read or write on fd would wait: the hook waits instead. */
static bool chan_pipe_hooked(int fd)
{
	if (fd < 0 || !chan_hook_active(CHAN_HOOK_PROCESS)) {
		return false;
	}
	int fl = fcntl(fd, F_GETFL);
	return fl >= 0 && !(fl & O_NONBLOCK);
}

/* Parks until fd is ready for dir. false when the wait was ended: with an
 * exception thrown, or (closed under it) without one. */
static bool chan_pipe_wait(php_stream *stream, int fd, int dir)
{
	unsigned events = dir == CHAN_HOOK_READ ? CHAN_POLL_IN : CHAN_POLL_OUT;
	if (chan_io_ready(fd, events)) {
		return true;
	}
	if (EG(exception)) { /* an earlier op of this call was ended: no second wait */
		return false;
	}
	chan_hook_park *p = chan_hook_enter(stream, "stream", dir);
	if (!p) {
		return false;
	}
	chan_wake why = CHAN_WAKE_OK;
	bool waited = true;
	while (waited && why == CHAN_WAKE_OK && !p->closed && !chan_io_ready(fd, events)) {
		waited = chan_checkpoint() && chan_io_wait(fd, events, -1, &why);
	}
	bool closed = p->closed || why == CHAN_WAKE_CLOSED;
	chan_hook_leave(stream, p, dir);
	if (waited && !closed && why != CHAN_WAKE_OK) {
		chan_raise(why);
		waited = false;
	}
	return waited && !closed;
}

static ssize_t chan_pipe_read(php_stream *stream, char *buf, size_t count)
{
	int fd = count ? chan_pipe_fd(stream) : -1;
	if (EXPECTED(!chan_pipe_hooked(fd))) {
		return php_stream_stdio_ops.read(stream, buf, count);
	}
	if (!chan_pipe_wait(stream, fd, CHAN_HOOK_READ)) {
		stream->eof = 1;
		return -1;
	}
	return php_stream_stdio_ops.read(stream, buf, count);
}

static ssize_t chan_pipe_write(php_stream *stream, const char *buf, size_t count)
{
	int fd = count ? chan_pipe_fd(stream) : -1;
	if (EXPECTED(!chan_pipe_hooked(fd))) {
		return php_stream_stdio_ops.write(stream, buf, count);
	}
	size_t done = 0;
	while (done < count) {
		if (!chan_pipe_wait(stream, fd, CHAN_HOOK_WRITE)) {
			return done ? (ssize_t) done : -1;
		}
		int fl = fcntl(fd, F_GETFL);
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
		ssize_t n = write(fd, buf + done, count - done);
		int err = errno;
		fcntl(fd, F_SETFL, fl);
		if (n > 0) {
			done += (size_t) n;
		} else if (n < 0 && err != EAGAIN && err != EWOULDBLOCK && err != EINTR) {
			/* PHP's write fails the same way and says so in its words */
			return done ? (ssize_t) done : php_stream_stdio_ops.write(stream, buf, count);
		}
	}
	return (ssize_t) done;
}

static int chan_pipe_close(php_stream *stream, int close_handle)
{
	int fd = chan_pipe_fd(stream);
	chan_wake stop = chan_hook_evict(stream, fd, "stream");
	pid_t pid = stream->ops == &chan_popen_ops ? chan_popen_untrack(stream) : -1;
	if (stream->ops == &chan_popen_ops && close_handle && fd >= 0 && chan_hook_active(CHAN_HOOK_PROCESS)) {
		pid = pid > 0 ? pid : chan_pipe_child(fd);
		int null = pid > 0 ? open("/dev/null", O_RDWR | O_CLOEXEC) : -1;
		if (null >= 0) {
			/* pclose() closes this end before it waits: so does the hook,
			 * keeping the descriptor's number for pclose() to close. */
			chan_loop_closed(fd);
			dup2(null, fd);
			close(null);
			chan_child_wait(pid);
		}
	}
	stream->ops = &php_stream_stdio_ops;
	int r = stream->ops->close(stream, close_handle);
	chan_hook_evicted(stop);
	return r;
}

/* A stream PHP made over a pipe (or a pty) gets the hooked ops. */
static bool chan_pipe_hook(php_stream *stream, const php_stream_ops *ops)
{
	struct stat st;
	int fd;
	if (stream && stream->ops == &php_stream_stdio_ops && (fd = chan_pipe_fd(stream)) >= 0 && fstat(fd, &st) == 0 &&
	    (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
		stream->ops = ops;
		return true;
	}
	return false;
}

static php_stream *chan_stream_of(zval *zv)
{
	ZVAL_DEREF(zv);
	return Z_TYPE_P(zv) == IS_RESOURCE
	           ? zend_fetch_resource2(Z_RES_P(zv), NULL, php_file_le_stream(), php_file_le_pstream())
	           : NULL;
}

static zif_handler chan_proc_open_prev;
static ZEND_NAMED_FUNCTION(chan_hook_proc_open)
{
	chan_proc_open_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	zval *pipes = ZEND_NUM_ARGS() >= 3 ? ZEND_CALL_ARG(execute_data, 3) : NULL;
	if (pipes && Z_TYPE_P(return_value) == IS_RESOURCE) {
		ZVAL_DEREF(pipes);
		if (Z_TYPE_P(pipes) == IS_ARRAY) {
			zval *zv;
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(pipes), zv)
			{
				php_stream *stream = chan_stream_of(zv);
				if (!chan_pipe_hook(stream, &chan_pipe_ops) && stream) {
					chan_hook_stream_adopt(stream); /* a "socket" descriptor */
				}
			}
			ZEND_HASH_FOREACH_END();
		}
	}
}

static zif_handler chan_popen_prev;
static ZEND_NAMED_FUNCTION(chan_hook_popen)
{
	/* PHP's popen() keeps its FILE to itself (asking for it would turn the
	 * stream's reads into stdio's, which wait for all they were asked): the
	 * child is the one that was not there before. */
	bool active = chan_hook_active(CHAN_HOOK_PROCESS);
	chan_proc_list before = {0}, after = {0};
	if (active) {
		chan_proc_each(chan_child_collect, &before);
	}
	chan_popen_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	php_stream *stream = chan_stream_of(return_value);
	if (chan_pipe_hook(stream, &chan_popen_ops) && active) {
		chan_proc_each(chan_child_collect, &after);
		pid_t pid = -1;
		int fresh = 0;
		for (size_t i = 0; i < after.n; i++) {
			bool old = false;
			for (size_t j = 0; j < before.n && !old; j++) {
				old = before.pids[j] == after.pids[i];
			}
			if (!old) {
				pid = after.pids[i];
				fresh++;
			}
		}
		if (fresh == 1) { /* else another thread's child came too: asked at pclose() */
			chan_popen_track(stream, pid);
		}
	}
	chan_proc_list_free(&before);
	chan_proc_list_free(&after);
}

static zif_handler chan_proc_close_prev;
static ZEND_NAMED_FUNCTION(chan_hook_proc_close)
{
	zval *z = ZEND_NUM_ARGS() == 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;
	const char *type = z && Z_TYPE_P(z) == IS_RESOURCE ? zend_rsrc_list_get_rsrc_type(Z_RES_P(z)) : NULL;
	if (type && !strcmp(type, "process") && chan_hook_active(CHAN_HOOK_PROCESS)) {
		php_process_handle *proc = (php_process_handle *) Z_RES_P(z)->ptr;
#if PHP_VERSION_ID >= 80300 && defined(HAVE_SYS_WAIT_H)
		bool reaped = proc->has_cached_exit_wait_status; /* proc_get_status() saw it end */
#else
		bool reaped = false;
#endif
		if (!reaped) {
			/* PHP closes the pipes before it waits, lest the child wait for
			 * them: so does the hook (PHP's close then finds them closed). */
			for (int i = 0; i < proc->npipes; i++) {
				if (proc->pipes[i]) {
					zend_list_close(proc->pipes[i]);
				}
			}
			chan_child_wait(proc->child);
		}
	}
	chan_proc_close_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* --- exec(), system(), passthru(), shell_exec() --------------------------- */

/* PHP's popen() of cmd as a hooked stream, or NULL (nothing reported). */
static php_stream *chan_exec_open(const char *cmd)
{
	FILE *fp = VCWD_POPEN(cmd, "r");
	if (!fp) {
		return NULL;
	}
	php_stream *stream = php_stream_fopen_from_pipe(fp, "rb");
	stream->ops = &chan_popen_ops;
	chan_popen_track(stream, chan_popen_pid(fp));
	return stream;
}

static size_t chan_rtrim(const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char) s[len - 1])) {
		len--;
	}
	return len;
}

/* One line of output (its newline included, if it had one): system()
 * prints it, exec() with an array keeps it without trailing whitespace. */
static void chan_exec_line(int mode, zval *lines, const char *s, size_t len)
{
	if (mode == 1) {
		PHPWRITE(s, len);
		if (php_output_get_level() < 1) {
			sapi_flush();
		}
	} else if (lines) {
		add_next_index_stringl(lines, s, chan_rtrim(s, len));
	}
}

/* exec() (mode 0, lines into `lines` if given), system() (1), passthru()
 * (3): the output is read as PHP reads it, and the exit status returned. */
static int chan_exec_run(int mode, const char *cmd, zval *lines, zval *return_value)
{
#if PHP_SIGCHILD
	void (*sig_handler)(int) = signal(SIGCHLD, SIG_DFL);
#endif
	php_stream *stream = chan_exec_open(cmd);
	int status = -1;
	if (!stream) {
		php_error_docref(NULL, E_WARNING, "Unable to fork [%s]", cmd);
		RETVAL_FALSE;
	} else {
		char chunk[EXEC_INPUT_BUF];
		size_t got = 0;
		if (mode != 3) {
			smart_str line = {0};
			zend_string *last = NULL;
			while (php_stream_get_line(stream, chunk, sizeof(chunk), &got)) {
				smart_str_appendl(&line, chunk, got);
				if (chunk[got - 1] != '\n' && !php_stream_eof(stream)) {
					continue; /* longer than the chunk: read on */
				}
				chan_exec_line(mode, lines, ZSTR_VAL(line.s), ZSTR_LEN(line.s));
				if (last) {
					zend_string_release(last);
				}
				last = smart_str_extract(&line);
			}
			if (line.s) { /* what was left when the output ended */
				chan_exec_line(mode, lines, ZSTR_VAL(line.s), ZSTR_LEN(line.s));
				if (last) {
					zend_string_release(last);
				}
				last = smart_str_extract(&line);
			}
			if (last) {
				RETVAL_STRINGL(ZSTR_VAL(last), chan_rtrim(ZSTR_VAL(last), ZSTR_LEN(last)));
				zend_string_release(last);
			} else {
				RETVAL_EMPTY_STRING();
			}
		} else {
			ssize_t n;
			while ((n = php_stream_read(stream, chunk, sizeof(chunk))) > 0) {
				PHPWRITE(chunk, (size_t) n);
			}
		}
		status = php_stream_close(stream);
	}
#if PHP_SIGCHILD
	signal(SIGCHLD, sig_handler);
#endif
	return status;
}

/* exec(), system(), passthru(): their arguments as PHP reads them; any
 * PHP rejects go to PHP's own function. */
static void chan_exec_call(INTERNAL_FUNCTION_PARAMETERS, zif_handler prev, int mode)
{
	char *cmd;
	size_t len;
	zval *lines = NULL, *code = NULL;
	if (!chan_hook_active(CHAN_HOOK_PROCESS)) {
		prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START_EX(ZEND_PARSE_PARAMS_QUIET, 1, mode ? 2 : 3)
	Z_PARAM_STRING(cmd, len)
	Z_PARAM_OPTIONAL
	if (!mode) {
		Z_PARAM_ZVAL(lines)
	}
	Z_PARAM_ZVAL(code)
	ZEND_PARSE_PARAMETERS_END_EX(prev(INTERNAL_FUNCTION_PARAM_PASSTHRU); return;);
	if (!len || strlen(cmd) != len) {
		prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	if (lines) {
		if (Z_TYPE_P(Z_REFVAL_P(lines)) == IS_ARRAY) {
			ZVAL_DEREF(lines);
			SEPARATE_ARRAY(lines);
		} else if (!(lines = zend_try_array_init(lines))) {
			RETURN_THROWS();
		}
	}
	int status = chan_exec_run(mode, cmd, lines, return_value);
	if (code) {
		ZEND_TRY_ASSIGN_REF_LONG(code, status);
	}
}

#define CHAN_EXEC_HOOK(fn, mode)                                                                                       \
	static zif_handler chan_##fn##_prev;                                                                               \
	static ZEND_NAMED_FUNCTION(chan_hook_##fn)                                                                         \
	{                                                                                                                  \
		chan_exec_call(INTERNAL_FUNCTION_PARAM_PASSTHRU, chan_##fn##_prev, mode);                                      \
	}

CHAN_EXEC_HOOK(exec, 0)
CHAN_EXEC_HOOK(system, 1)
CHAN_EXEC_HOOK(passthru, 3)

static zif_handler chan_shell_exec_prev;
static ZEND_NAMED_FUNCTION(chan_hook_shell_exec)
{
	char *cmd;
	size_t len;
	if (!chan_hook_active(CHAN_HOOK_PROCESS)) {
		chan_shell_exec_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	ZEND_PARSE_PARAMETERS_START_EX(ZEND_PARSE_PARAMS_QUIET, 1, 1)
	Z_PARAM_STRING(cmd, len)
	ZEND_PARSE_PARAMETERS_END_EX(chan_shell_exec_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU); return;);
	if (!len || strlen(cmd) != len) {
		chan_shell_exec_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	php_stream *stream = chan_exec_open(cmd);
	if (!stream) {
		php_error_docref(NULL, E_WARNING, "Unable to execute '%s'", cmd);
		RETURN_FALSE;
	}
	zend_string *out = php_stream_copy_to_mem(stream, PHP_STREAM_COPY_ALL, 0);
	php_stream_close(stream);
	if (out && ZSTR_LEN(out) > 0) {
		RETURN_STR(out);
	}
	if (out) {
		zend_string_release(out);
	}
}

static const chan_wrapped_function chan_process_calls[] = {
    {"proc_open", chan_hook_proc_open, &chan_proc_open_prev},
    {"proc_close", chan_hook_proc_close, &chan_proc_close_prev},
    {"popen", chan_hook_popen, &chan_popen_prev},
    {"exec", chan_hook_exec, &chan_exec_prev},
    {"system", chan_hook_system, &chan_system_prev},
    {"passthru", chan_hook_passthru, &chan_passthru_prev},
    {"shell_exec", chan_hook_shell_exec, &chan_shell_exec_prev},
};

void chan_hook_process_minit(void)
{
	chan_pipe_ops = php_stream_stdio_ops;
	chan_pipe_ops.read = chan_pipe_read;
	chan_pipe_ops.write = chan_pipe_write;
	chan_pipe_ops.close = chan_pipe_close;
	chan_popen_ops = chan_pipe_ops;
	chan_wrap_functions(chan_process_calls, sizeof(chan_process_calls) / sizeof(chan_process_calls[0]));
}

void chan_hook_process_mshutdown(void)
{
	chan_unwrap_functions(chan_process_calls, sizeof(chan_process_calls) / sizeof(chan_process_calls[0]));
}

#else

void chan_hook_process_minit(void)
{
}

void chan_hook_process_mshutdown(void)
{
}

void chan_hook_process_rshutdown(void)
{
}

#endif
