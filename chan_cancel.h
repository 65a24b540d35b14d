/*
 * chan_cancel.h - cancellation and deadlines: Coroutine::cancel() and
 * Chan\withTimeout(), a feature above the scheduler core
 * (docs/internals.md). Every blocking call of every feature starts with
 * chan_checkpoint(); the core learns of a cancellation only through what
 * chan_cancel.c registers with it (a coroutine's end, the exception a
 * cancelled wake-up throws).
 */
#ifndef CHAN_CANCEL_H
#define CHAN_CANCEL_H

#include "chan_scheduler.h"

/* Pending cancellations plus active withTimeout() deadlines, across all
 * contexts: while 0, a blocking call's checkpoint is one load and a branch. */
extern TSRM_TLS uint32_t chan_interrupts;
bool chan_checkpoint_slow(void);

/* At the entry of every blocking call, whether or not it will wait: false
 * with Chan\CancelledException thrown when a cancellation is pending for
 * the current context, or Chan\TimeoutException when its withTimeout()
 * deadline has passed. */
static zend_always_inline bool chan_checkpoint(void)
{
	return EXPECTED(!chan_interrupts) || chan_checkpoint_slow();
}

/* Cancels co: wakes it with CHAN_WAKE_CANCELLED when parked, else leaves
 * the cancellation pending (a coroutine that never ran then never runs). */
void chan_cancel(chan_coro *co);

void chan_cancel_minit(void);
void chan_cancel_rshutdown(void);

#endif
