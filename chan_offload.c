/*
 * chan_offload.c - the helper threads of chan_offload.h (the policy is
 * there).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_offload.h"
#include "chan_cancel.h"
#include "chan_io.h"

#ifndef PHP_WIN32

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/eventfd.h>
#endif

typedef struct chan_job {
	void (*fn)(void *arg);
	void *arg;
	void (*release)(void *arg);
	int rfd, wfd;   /* the caller parks on rfd; the thread writes wfd (the same eventfd) */
	bool done;      /* under the lock */
	bool abandoned; /* the caller left: the thread frees the job */
	struct chan_job *next;
} chan_job;

static struct {
	pthread_mutex_t lock;
	pthread_cond_t work;
	chan_job *head, *tail;
	pthread_t threads[CHAN_OFFLOAD_THREADS];
	int nthreads, idle;
	bool stopping;
} chan_pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, {0}, 0, 0, false};

static void chan_job_free(chan_job *job)
{
	close(job->rfd);
	if (job->wfd != job->rfd) {
		close(job->wfd);
	}
	free(job);
}

static void *chan_offload_thread(void *unused)
{
	(void) unused;
	pthread_mutex_lock(&chan_pool.lock);
	for (;;) {
		while (!chan_pool.head && !chan_pool.stopping) {
			chan_pool.idle++;
			pthread_cond_wait(&chan_pool.work, &chan_pool.lock);
			chan_pool.idle--;
		}
		chan_job *job = chan_pool.head;
		if (!job) {
			break; /* stopping, and nothing left */
		}
		chan_pool.head = job->next;
		if (!chan_pool.head) {
			chan_pool.tail = NULL;
		}
		pthread_mutex_unlock(&chan_pool.lock);
		job->fn(job->arg);
		pthread_mutex_lock(&chan_pool.lock);
		if (job->abandoned) {
			job->release(job->arg);
			chan_job_free(job);
		} else {
			uint64_t one = 1;
			job->done = true;
			while (write(job->wfd, &one, sizeof(one)) < 0 && errno == EINTR) {
			}
		}
	}
	pthread_mutex_unlock(&chan_pool.lock);
	return NULL;
}

/* Under the lock: a thread for the job just queued where none is idle, up
 * to the pool's size. false when not even one could be started. */
static bool chan_offload_grow(void)
{
	int queued = 0;
	for (chan_job *j = chan_pool.head; j; j = j->next) {
		queued++;
	}
	if (chan_pool.nthreads < CHAN_OFFLOAD_THREADS && queued > chan_pool.idle) {
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 256 * 1024);
		if (pthread_create(&chan_pool.threads[chan_pool.nthreads], &attr, chan_offload_thread, NULL) == 0) {
			chan_pool.nthreads++;
		}
		pthread_attr_destroy(&attr);
	}
	return chan_pool.nthreads > 0;
}

static bool chan_job_fds(chan_job *job)
{
#ifdef __linux__
	job->rfd = job->wfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (job->rfd >= 0) {
		return true;
	}
#endif
	int p[2];
	if (pipe(p) != 0) {
		return false;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	job->rfd = p[0];
	job->wfd = p[1];
	return true;
}

bool chan_offload(void (*fn)(void *arg), void *arg, void (*release)(void *arg))
{
	if (EG(exception) || !chan_checkpoint()) {
		release(arg);
		return false;
	}
	chan_job *job = calloc(1, sizeof(*job));
	if (!job || !chan_job_fds(job)) {
		free(job);
		release(arg);
		zend_throw_error(chan_ce_error, "Cannot start a helper thread's job: %s", strerror(errno));
		return false;
	}
	job->fn = fn;
	job->arg = arg;
	job->release = release;

	pthread_mutex_lock(&chan_pool.lock);
	if (chan_pool.tail) {
		chan_pool.tail->next = job;
	} else {
		chan_pool.head = job;
	}
	chan_pool.tail = job;
	bool started = chan_offload_grow();
	if (!started) {
		chan_pool.head = chan_pool.tail = NULL; /* it was the only one: no thread ever ran */
	}
	pthread_cond_signal(&chan_pool.work);
	pthread_mutex_unlock(&chan_pool.lock);
	if (!started) {
		chan_job_free(job);
		release(arg);
		zend_throw_error(chan_ce_error, "Cannot start a helper thread");
		return false;
	}

	chan_wake why = CHAN_WAKE_OK;
	bool waited = true, done = false;
	while (waited && why == CHAN_WAKE_OK && !done) {
		waited = chan_io_wait(job->rfd, CHAN_POLL_IN, -1, &why); /* false: thrown */
		pthread_mutex_lock(&chan_pool.lock);
		done = job->done;
		if (!done && (!waited || why != CHAN_WAKE_OK)) {
			chan_loop_closed(job->rfd); /* while the number is still ours */
			job->abandoned = true;      /* the thread frees the job */
		}
		pthread_mutex_unlock(&chan_pool.lock);
	}
	if (done) {
		chan_loop_closed(job->rfd);
		chan_job_free(job);
		if (waited && why == CHAN_WAKE_OK) {
			return true;
		}
		release(arg); /* it finished as the wait was ended */
	}
	if (waited) {
		chan_raise(why);
	}
	return false;
}

/* The threads are the parent's: none here. */
static void chan_offload_atfork_child(void)
{
	pthread_mutex_init(&chan_pool.lock, NULL);
	pthread_cond_init(&chan_pool.work, NULL);
	chan_pool.head = chan_pool.tail = NULL;
	chan_pool.nthreads = chan_pool.idle = 0;
	chan_pool.stopping = false;
}

void chan_offload_minit(void)
{
	pthread_atfork(NULL, NULL, chan_offload_atfork_child);
}

void chan_offload_mshutdown(void)
{
	pthread_mutex_lock(&chan_pool.lock);
	chan_pool.stopping = true;
	pthread_cond_broadcast(&chan_pool.work);
	int n = chan_pool.nthreads;
	pthread_mutex_unlock(&chan_pool.lock);
	for (int i = 0; i < n; i++) {
		pthread_join(chan_pool.threads[i], NULL);
	}
	chan_pool.nthreads = 0;
	chan_pool.stopping = false;
}

#else

bool chan_offload(void (*fn)(void *arg), void *arg, void (*release)(void *arg))
{
	fn(arg); /* no helper threads on this platform: PHP's own blocking */
	return true;
}

void chan_offload_minit(void)
{
}

void chan_offload_mshutdown(void)
{
}

#endif
