/*
 * chan_offload.h - running a blocking C call on a helper thread while the
 * calling context parks: for waits with no descriptor to poll (a name
 * lookup in libc's resolver).
 *
 * Policy. A pool of threads shared by every PHP thread of the process runs
 * jobs in the order they come: a thread is started when a job comes and
 * none is idle, up to CHAN_OFFLOAD_THREADS (a lookup mostly waits on the
 * network, so twenty coroutines' lookups should not queue behind four);
 * idle threads wait for the next job. A job never touches the engine: its function sees only the
 * plain C memory the caller gave it (malloc'd, never emalloc'd) and must
 * not call PHP. The caller parks on an eventfd (a pipe where there is none)
 * that the thread signals when the job is done; other coroutines run
 * meanwhile. A wait ended early (cancellation, a deadline) abandons the
 * job: the thread finishes it and frees it with the release function, on
 * the helper thread, never the PHP one. A child made by fork() has no
 * helper threads: the pool starts again on its first job there. MSHUTDOWN
 * joins the threads (a lookup in flight is waited for), so no thread runs
 * code of an unloaded chan.so.
 */
#ifndef CHAN_OFFLOAD_H
#define CHAN_OFFLOAD_H

#include "php.h"

#define CHAN_OFFLOAD_THREADS 32

/* Runs fn(arg) on a helper thread and parks the current context until it
 * returns: true then, with arg the caller's again. false with an exception
 * thrown (cancellation, a deadline, no thread or descriptor to be had):
 * release(arg) then runs once the job is over, on the helper thread. */
bool chan_offload(void (*fn)(void *arg), void *arg, void (*release)(void *arg));

void chan_offload_minit(void);
void chan_offload_mshutdown(void);

#endif
